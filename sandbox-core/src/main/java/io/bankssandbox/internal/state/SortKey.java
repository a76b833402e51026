package io.bankssandbox.internal.state;

import java.time.Instant;

/** Where a row sits in a listing: its time, ties broken by id (ids sort in creation order). */
public record SortKey(Instant at, String id) implements Comparable<SortKey> {
    /** Written out rather than composed from comparators: every insert into a table makes a few dozen of these calls. */
    @Override
    public int compareTo(SortKey other) {
        int byTime = at.compareTo(other.at);
        return byTime != 0 ? byTime : id.compareTo(other.id);
    }
}
