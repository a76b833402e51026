package io.bankssandbox.internal.state;

import java.util.function.Supplier;

/**
 * One document of a feature's that is not a table of rows but a single value (the card policy): its
 * name in the state document, its class, and the value a fixture set without that file gets. Read
 * with {@code state.setting(CardPolicy.SETTING)}.
 *
 * @param rank its place among the settings of the state document (lower first)
 */
public record SettingKind<T>(String name, int rank, Class<T> type, Supplier<T> defaultValue) {

    @Override
    public boolean equals(Object other) {
        return this == other;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(this);
    }

    @Override
    public String toString() {
        return "setting " + name;
    }
}
