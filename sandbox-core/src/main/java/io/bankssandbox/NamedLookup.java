package io.bankssandbox;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Function;

/**
 * Finds the one record of a list with a given name, for the handle's {@code named(...)} reads: the
 * fixture set's well-known records by the names a test reads in its files, whatever their ids.
 */
final class NamedLookup {
    private NamedLookup() {}

    /**
     * The item whose name is exactly {@code name}; none is a {@link NoSuchElementException} listing the
     * names there are, several an {@link IllegalStateException} (use the id then).
     */
    static <T> T one(String kind, List<T> items, Function<T, String> nameOf, String name) {
        List<T> named = items.stream().filter(item -> name.equals(nameOf.apply(item))).toList();
        if (named.size() == 1) {
            return named.get(0);
        }
        if (named.isEmpty()) {
            throw new NoSuchElementException("no " + kind + " is named \"" + name + "\"; the names are "
                    + items.stream().map(nameOf).filter(Objects::nonNull).map(n -> "\"" + n + "\"").toList());
        }
        throw new IllegalStateException(named.size() + " " + kind + "s are named \"" + name + "\": look one up by id");
    }
}
