package io.bankssandbox.internal.state;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What a feature keeps in one table: its name in the state document (and its fixture file's), the
 * row class, how rows are identified, ordered and partitioned, the extra lookups, and the rules a
 * loaded row must meet. A feature declares its kinds as constants beside its row records
 * ({@code Card.TABLE}) and registers them in its {@link StateModel}; every sandbox state then has
 * one {@link Table} per kind, reached with {@code state.table(Card.TABLE)}. The kernel never names a
 * feature's table: it only walks the model.
 *
 * @param rank the table's place in the state document (lower first): exports keep one key order
 * @param rowRules the domain's rules on one row of a loaded document, each problem as a suffix of
 *     {@code <file>.json /<index>} (such as {@code "/spending_limits: ..."}); none by default
 */
public record TableKind<T>(String name, int rank, Class<T> type, boolean newestFirst, Function<T, String> idOf,
                           Function<T, SortKey> keyOf, Function<T, String> partitionOf, List<Lookup<T>> lookups,
                           Function<T, List<String>> rowRules) {

    /** A lookup by other keys than the id (see {@link Table#lookupBy}). */
    public record Lookup<T>(String name, Function<T, List<String>> keysOf) {}

    public TableKind {
        lookups = List.copyOf(lookups);
    }

    /** A table listed oldest first. */
    public static <T> TableKind<T> oldestFirst(String name, int rank, Class<T> type, Function<T, String> idOf,
                                               Function<T, SortKey> keyOf, Function<T, String> partitionOf) {
        return new TableKind<>(name, rank, type, false, idOf, keyOf, partitionOf, List.of(), row -> List.of());
    }

    /** A table listed newest first. */
    public static <T> TableKind<T> newestFirst(String name, int rank, Class<T> type, Function<T, String> idOf,
                                               Function<T, SortKey> keyOf, Function<T, String> partitionOf) {
        return new TableKind<>(name, rank, type, true, idOf, keyOf, partitionOf, List.of(), row -> List.of());
    }

    /** This kind with one more lookup. */
    public TableKind<T> lookupBy(String lookup, Function<T, List<String>> keysOf) {
        List<Lookup<T>> more = new ArrayList<>(lookups);
        more.add(new Lookup<>(lookup, keysOf));
        return new TableKind<>(name, rank, type, newestFirst, idOf, keyOf, partitionOf, more, rowRules);
    }

    /** This kind with the domain's rules on each loaded row. */
    public TableKind<T> withRowRules(Function<T, List<String>> rules) {
        return new TableKind<>(name, rank, type, newestFirst, idOf, keyOf, partitionOf, lookups, rules);
    }

    /** An empty table of this kind. */
    Table<T> newTable() {
        Table<T> table = newestFirst ? Table.descending(name, type, idOf, keyOf, partitionOf)
                : Table.ascending(name, type, idOf, keyOf, partitionOf);
        for (Lookup<T> lookup : lookups) {
            table.lookupBy(lookup.name(), lookup.keysOf());
        }
        return table;
    }

    /** Records compare by identity here: two kinds are the same table only if they are the same constant. */
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
        return "table " + name;
    }
}
