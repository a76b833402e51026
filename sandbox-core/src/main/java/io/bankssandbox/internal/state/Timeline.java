package io.bankssandbox.internal.state;

import java.time.Instant;
import java.util.Comparator;
import java.util.TreeSet;

/**
 * Transitions waiting for the clock: ACH resolutions, hold releases and whatever a feature
 * schedules. Ordered by due time, then by the order they were scheduled, so that advancing the clock
 * applies them in time order. A transition that no longer applies (the transfer was accepted by
 * hand meanwhile) is skipped by its handler.
 */
public final class Timeline {
    /** One scheduled transition: {@code kind} names the handler, {@code id} the record. */
    public record Due(Instant at, long sequence, String kind, String id) {}

    private static final Comparator<Due> ORDER = (a, b) -> {
        int byTime = a.at().compareTo(b.at());
        return byTime != 0 ? byTime : Long.compare(a.sequence(), b.sequence());
    };

    private final TreeSet<Due> pending;
    private long sequence;
    /**
     * The first due time, null when nothing waits: written with every change (under the state's
     * write lock), volatile so that the check before every request needs no lock.
     */
    private volatile Instant earliest;

    public Timeline() {
        this.pending = new TreeSet<>(ORDER);
    }

    public Timeline copy() {
        Timeline copy = new Timeline();
        copy.pending.addAll(pending);
        copy.sequence = sequence;
        copy.earliest = earliest;
        return copy;
    }

    public void schedule(Instant at, String kind, String id) {
        pending.add(new Due(at, sequence++, kind, id));
        earliest = pending.first().at();
    }

    /** The earliest transition due at or before {@code now}, removed from the timeline; null if none. */
    public Due pollDue(Instant now) {
        if (pending.isEmpty() || pending.first().at().isAfter(now)) {
            return null;
        }
        Due due = pending.pollFirst();
        earliest = pending.isEmpty() ? null : pending.first().at();
        return due;
    }

    /** Cheap check done before every request, without the state's lock: is anything due? */
    public boolean hasDue(Instant now) {
        Instant first = earliest;
        return first != null && !first.isAfter(now);
    }

    public int size() {
        return pending.size();
    }
}
