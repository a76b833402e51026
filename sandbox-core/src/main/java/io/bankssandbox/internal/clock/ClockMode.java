package io.bankssandbox.internal.clock;

/** {@code FROZEN}: time moves only when advanced. {@code RUNNING}: follows the wall clock too. */
public enum ClockMode {
    FROZEN, RUNNING;

    public String wireName() {
        return name().toLowerCase();
    }

    public static ClockMode parse(String value) {
        for (ClockMode mode : values()) {
            if (mode.wireName().equalsIgnoreCase(value)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("clock mode must be frozen or running, not " + value);
    }
}
