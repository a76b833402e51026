package io.bankssandbox.internal.state;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * An in-memory table of immutable rows: by id, in listing order, and per partition (the account or
 * entity a row belongs to). Pages are read from the ordered index after the cursor's key (a binary
 * search), so a page costs the same whatever the table's size; a caller that sees several partitions
 * gets them merged on the fly. Not thread-safe: the sandbox's state lock guards it.
 */
public final class Table<T> {
    private final String name;
    private final Class<T> type;
    private final Function<T, String> idOf;
    private final Function<T, SortKey> keyOf;
    private final Function<T, String> partitionOf;
    private final Comparator<SortKey> order;
    /** Newest first: the ordered indexes are ascending, and read from their end. */
    private final boolean descending;
    private final Map<String, T> byId;
    private final SortedRows<T> ordered;
    private final Map<String, SortedRows<T>> partitions;
    private final List<Lookup<T>> lookups = new ArrayList<>();
    /** Where puts are noted for the write in progress; set by the state that owns the table. */
    private ChangeSet changes;

    private Table(String name, Class<T> type, Function<T, String> idOf, Function<T, SortKey> keyOf,
                  Function<T, String> partitionOf, boolean descending) {
        this(name, type, idOf, keyOf, partitionOf, descending, Map.of(), new SortedRows<>(keyOf));
    }

    private Table(String name, Class<T> type, Function<T, String> idOf, Function<T, SortKey> keyOf,
                  Function<T, String> partitionOf, boolean descending, Map<String, T> byId, SortedRows<T> ordered) {
        this.name = name;
        this.type = type;
        this.idOf = idOf;
        this.keyOf = keyOf;
        this.partitionOf = partitionOf;
        this.descending = descending;
        this.order = descending ? Comparator.<SortKey>naturalOrder().reversed() : Comparator.naturalOrder();
        this.byId = new HashMap<>(byId);
        this.ordered = ordered;
        this.partitions = new HashMap<>();
    }

    /**
     * Listed oldest first. {@code name} is the table's key in the state document (and its fixture
     * file's name), {@code type} the row class that document's entries read into.
     */
    public static <T> Table<T> ascending(String name, Class<T> type, Function<T, String> idOf,
                                        Function<T, SortKey> keyOf, Function<T, String> partitionOf) {
        return new Table<>(name, type, idOf, keyOf, partitionOf, false);
    }

    /** Listed newest first. */
    public static <T> Table<T> descending(String name, Class<T> type, Function<T, String> idOf,
                                         Function<T, SortKey> keyOf, Function<T, String> partitionOf) {
        return new Table<>(name, type, idOf, keyOf, partitionOf, true);
    }

    /**
     * A lookup by other keys than the id (a row may have several, such as a mail item's file id and
     * its checks' ids), kept up to date on every put, so finding a row by any of them is one hash
     * lookup whatever the table's size. Keys must be unique across the table's rows. Returns this table.
     */
    public Table<T> lookupBy(String lookup, Function<T, List<String>> keysOf) {
        lookups.add(new Lookup<>(lookup, keysOf, new HashMap<>()));
        for (T row : byId.values()) {
            lookups.get(lookups.size() - 1).add(row);
        }
        return this;
    }

    /** The row a {@link #lookupBy lookup} finds under {@code key}; null when none has it. */
    public T lookup(String lookup, String key) {
        for (Lookup<T> each : lookups) {
            if (each.name().equals(lookup)) {
                return key == null ? null : each.rows().get(key);
            }
        }
        throw new IllegalArgumentException("table " + name + " has no lookup " + lookup);
    }

    private record Lookup<T>(String name, Function<T, List<String>> keysOf, Map<String, T> rows) {
        void add(T row) {
            for (String key : keysOf.apply(row)) {
                rows.put(key, row);
            }
        }

        void remove(T row) {
            for (String key : keysOf.apply(row)) {
                rows.remove(key, row);
            }
        }
    }

    /** A copy with the same rows; it notes its puts nowhere until a state adopts it. */
    public Table<T> copy() {
        Table<T> copy = new Table<>(name, type, idOf, keyOf, partitionOf, descending, byId, ordered.copy());
        partitions.forEach((name, rows) -> copy.partitions.put(name, rows.copy()));
        for (Lookup<T> lookup : lookups) {
            copy.lookups.add(new Lookup<>(lookup.name(), lookup.keysOf(), new HashMap<>(lookup.rows())));
        }
        return copy;
    }

    public String name() {
        return name;
    }

    public Class<T> type() {
        return type;
    }

    /** Notes every later put in {@code changes} (the owning state's change set). */
    void noteChangesIn(ChangeSet changes) {
        this.changes = changes;
    }

    public String idOf(T row) {
        return idOf.apply(row);
    }

    public T get(String id) {
        return id == null ? null : byId.get(id);
    }

    public int size() {
        return byId.size();
    }

    /** Inserts a row or replaces the row with the same id. */
    public void put(T row) {
        String id = idOf.apply(row);
        T previous = byId.put(id, row);
        if (changes != null) {
            changes.put(name, id, row);
        }
        if (previous != null) {
            for (Lookup<T> lookup : lookups) {
                lookup.remove(previous);
            }
        }
        for (Lookup<T> lookup : lookups) {
            lookup.add(row);
        }
        SortKey key = keyOf.apply(row);
        String partition = partitionOf.apply(row);
        if (previous == null) {
            ordered.add(row);
            if (partition != null) {
                partitions.computeIfAbsent(partition, p -> new SortedRows<>(keyOf)).add(row);
            }
            return;
        }
        SortKey oldKey = keyOf.apply(previous);
        ordered.replace(oldKey, row, key);
        String oldPartition = partitionOf.apply(previous);
        if (oldPartition != null && oldPartition.equals(partition)) {
            partitions.get(partition).replace(oldKey, row, key);
            return;
        }
        if (oldPartition != null) {
            partitions.get(oldPartition).remove(oldKey);
        }
        if (partition != null) {
            partitions.computeIfAbsent(partition, p -> new SortedRows<>(keyOf)).add(row);
        }
    }

    /** Every row in listing order. */
    public Collection<T> all() {
        return inOrder(ordered);
    }

    /** Rows of one partition in listing order. */
    public Collection<T> inPartition(String partition) {
        SortedRows<T> rows = partitions.get(partition);
        return rows == null ? List.of() : inOrder(rows);
    }

    /** Rows of one partition whose keys lie between two bounds (inclusive, first to last in listing order), in listing order. */
    public Collection<T> inPartitionBetween(String partition, SortKey first, SortKey last) {
        if (order.compare(first, last) > 0) {
            throw new IllegalArgumentException("first " + first + " comes after last " + last);
        }
        SortedRows<T> rows = partitions.get(partition);
        if (rows == null) {
            return List.of();
        }
        SortKey low = descending ? last : first;
        SortKey high = descending ? first : last;
        return rows.view(rows.firstAtOrAfter(low), rows.firstAfter(high), descending);
    }

    private List<T> inOrder(SortedRows<T> rows) {
        return rows.view(0, rows.size(), descending);
    }

    /**
     * A page of rows after {@code after} (null: from the start), drawn from the given partitions
     * (null: every row), keeping those that pass {@code filter}.
     */
    public Page<T> page(Collection<String> fromPartitions, Predicate<T> filter, SortKey after, int limit) {
        Iterator<T> rows = fromPartitions == null
                ? tail(ordered, after)
                : merged(fromPartitions, after);
        List<T> items = new ArrayList<>(Math.min(limit, 128));
        while (rows.hasNext()) {
            T row = rows.next();
            if (!filter.test(row)) {
                continue;
            }
            if (items.size() == limit) {
                return new Page<>(items, true, keyOf.apply(items.get(items.size() - 1)));
            }
            items.add(row);
        }
        return new Page<>(items, false, null);
    }

    /** The rows after {@code after} in listing order (all of them when it is null). */
    private Iterator<T> tail(SortedRows<T> rows, SortKey after) {
        if (descending) {
            return rows.view(0, after == null ? rows.size() : rows.firstAtOrAfter(after), true).iterator();
        }
        return rows.view(after == null ? 0 : rows.firstAfter(after), rows.size(), false).iterator();
    }

    private Iterator<T> merged(Collection<String> fromPartitions, SortKey after) {
        List<Iterator<T>> sources = new ArrayList<>();
        for (String name : fromPartitions) {
            SortedRows<T> rows = partitions.get(name);
            if (rows != null && !rows.isEmpty()) {
                sources.add(tail(rows, after));
            }
        }
        if (sources.size() == 1) {
            return sources.get(0);
        }
        record Head<R>(SortKey key, R row, Iterator<R> source) {}
        PriorityQueue<Head<T>> heads = new PriorityQueue<>((a, b) -> order.compare(a.key(), b.key()));
        for (Iterator<T> source : sources) {
            if (source.hasNext()) {
                T row = source.next();
                heads.add(new Head<>(keyOf.apply(row), row, source));
            }
        }
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return !heads.isEmpty();
            }

            @Override
            public T next() {
                Head<T> head = heads.poll();
                if (head.source().hasNext()) {
                    T row = head.source().next();
                    heads.add(new Head<>(keyOf.apply(row), row, head.source()));
                }
                return head.row();
            }
        };
    }
}
