package io.bankssandbox.internal.state;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Rows in ascending key order, in one array. Rows are made at the clock's now with ids in creation
 * order, so nearly every new row belongs at the end: it is appended, with no search and no node of
 * its own (a sorted map kept two nodes and a key per row, which every young collection copied). A
 * row out of order near the end (a row dated a little in the past) is put in its place; one far from
 * it (every row of a state file read newest first) is appended and the array sorted once, before the
 * next read: reading a file of any order costs one sort, not a shift of the whole array per row.
 *
 * <p>Writes happen under the sandbox's write lock; reads may run on several threads at once under
 * its read lock, so the one sort a read may do is made under this object's monitor and published by
 * the volatile {@code sorted}.
 */
final class SortedRows<T> {
    private static final Object[] EMPTY = {};
    /** How many rows a row out of order may be put before, by shifting them, before the array is left to sort on the next read. */
    static final int SHIFT_LIMIT = 4096;

    private final Function<T, SortKey> keyOf;
    private final Comparator<Object> byKey;
    private Object[] rows;
    private int size;
    private volatile boolean sorted = true;

    @SuppressWarnings("unchecked")
    SortedRows(Function<T, SortKey> keyOf) {
        this.keyOf = keyOf;
        this.byKey = (a, b) -> keyOf.apply((T) a).compareTo(keyOf.apply((T) b));
        this.rows = EMPTY;
    }

    private SortedRows(SortedRows<T> other) {
        this.keyOf = other.keyOf;
        this.byKey = other.byKey;
        other.ensureSorted();
        this.rows = Arrays.copyOf(other.rows, Math.max(other.size, 8));
        this.size = other.size;
    }

    SortedRows<T> copy() {
        return new SortedRows<>(this);
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Adds a row whose key no row here has. */
    void add(T row) {
        if (size == rows.length) {
            rows = Arrays.copyOf(rows, Math.max(8, size + (size >> 1)));
        }
        if (size > 0 && sorted) {
            SortKey key = keyOf.apply(row);
            if (key.compareTo(keyAt(size - 1)) < 0) {
                int at = firstAtOrAfter(key);
                if (size - at > SHIFT_LIMIT) {
                    // far from the end, as every row of a file read newest first: sorted once, when read
                    sorted = false;
                } else {
                    // near the end (mail received an hour ago): kept in place, so no read has to sort
                    System.arraycopy(rows, at, rows, at + 1, size - at);
                    rows[at] = row;
                    size++;
                    return;
                }
            }
        }
        rows[size++] = row;
    }

    /** Puts {@code row} in place of the row here under {@code previousKey}. */
    void replace(SortKey previousKey, T row, SortKey key) {
        int at = indexOf(previousKey);
        if (previousKey.equals(key)) {
            // the common change (a status, a balance): the row keeps its place
            rows[at] = row;
            return;
        }
        removeAt(at);
        add(row);
    }

    /** Takes out the row here under {@code key}. */
    void remove(SortKey key) {
        removeAt(indexOf(key));
    }

    private void removeAt(int at) {
        System.arraycopy(rows, at + 1, rows, at, size - at - 1);
        rows[--size] = null;
    }

    /** The rows from index {@code from} (inclusive) to {@code to} (exclusive), ascending or, reversed, descending. */
    List<T> view(int from, int to, boolean reversed) {
        ensureSorted();
        return new View(from, to, reversed);
    }

    /** The index of the first row whose key is at or after {@code key}; {@link #size()} when none is. */
    int firstAtOrAfter(SortKey key) {
        ensureSorted();
        int low = 0;
        int high = size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (keyAt(mid).compareTo(key) < 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** The index of the first row whose key is after {@code key}; {@link #size()} when none is. */
    int firstAfter(SortKey key) {
        int at = firstAtOrAfter(key);
        return at < size && keyAt(at).equals(key) ? at + 1 : at;
    }

    /** Where the row under {@code key} is; the table only asks for rows it holds. */
    private int indexOf(SortKey key) {
        int at = firstAtOrAfter(key);
        if (at == size || !keyAt(at).equals(key)) {
            throw new IllegalStateException("row " + key + " is not in this index");
        }
        return at;
    }

    @SuppressWarnings("unchecked")
    private SortKey keyAt(int index) {
        return keyOf.apply((T) rows[index]);
    }

    private void ensureSorted() {
        if (!sorted) {
            synchronized (this) {
                if (!sorted) {
                    Arrays.sort(rows, 0, size, byKey);
                    sorted = true;
                }
            }
        }
    }

    /** A window on the array as it is now; the table is not changed while one is read (the state lock). */
    private final class View extends AbstractList<T> {
        private final int from;
        private final int to;
        private final boolean reversed;

        View(int from, int to, boolean reversed) {
            this.from = from;
            this.to = Math.max(from, to);
            this.reversed = reversed;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T get(int index) {
            if (index < 0 || index >= size()) {
                throw new IndexOutOfBoundsException(index);
            }
            return (T) rows[reversed ? to - 1 - index : from + index];
        }

        @Override
        public int size() {
            return to - from;
        }
    }
}
