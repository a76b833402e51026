package io.bankssandbox.cards;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Spending-limit intervals, declared from the narrowest to the widest: the order is a rule. */
public enum Interval {
    PER_TRANSACTION, PER_DAY, PER_WEEK, PER_MONTH, ALL_TIME;

    @JsonValue
    public String wireName() {
        return name().toLowerCase();
    }

    @JsonCreator
    public static Interval fromWire(String value) {
        for (Interval interval : values()) {
            if (interval.wireName().equals(value)) {
                return interval;
            }
        }
        throw new IllegalArgumentException("unknown interval " + value);
    }
}
