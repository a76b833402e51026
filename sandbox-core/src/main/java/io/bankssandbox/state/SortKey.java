package io.bankssandbox.state;

import java.time.Instant;
import java.util.Comparator;

/** Where a row sits in a listing: its time, ties broken by id (ids sort in creation order). */
public record SortKey(Instant at, String id) implements Comparable<SortKey> {
    private static final Comparator<SortKey> ORDER =
            Comparator.comparing(SortKey::at).thenComparing(SortKey::id);

    @Override
    public int compareTo(SortKey other) {
        return ORDER.compare(this, other);
    }
}
