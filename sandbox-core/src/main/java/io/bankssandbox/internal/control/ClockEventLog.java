package io.bankssandbox.internal.control;

import io.bankssandbox.internal.clock.ClockEvent;
import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The moves the sandbox's records made (each {@link StatusChanged}: a transfer accepted, a hold released),
 * numbered from its start, for a wait on what happens next: {@code clock().awaitEvent} takes the
 * {@link #position()} and then looks at what came {@link #since} it, in process or over
 * {@code GET /_sandbox/clock/events}.
 */
public final class ClockEventLog {
    /** Enough for any test, bounded for a sandbox that runs for days. */
    static final int KEPT = 10_000;

    private final Deque<ClockEvent> seen = new ArrayDeque<>();
    private long dropped;

    /** Every committed batch comes here, most with no move in it (a card created): those take no lock. */
    void record(List<DomainEvent> batch) {
        for (DomainEvent event : batch) {
            if (event instanceof StatusChanged moved) {
                keep(new ClockEvent(moved.type(), moved.id()));
            }
        }
    }

    private synchronized void keep(ClockEvent event) {
        if (seen.size() == KEPT) {
            seen.removeFirst();
            dropped++;
        }
        seen.addLast(event);
    }

    /** How many moves there have been: a wait started now looks at what comes after this. */
    public synchronized long position() {
        return dropped + seen.size();
    }

    /**
     * The moves after {@code mark}, oldest first, as far as the log still keeps them, and the position
     * they reach (read together: the next wait from that position misses nothing and sees nothing twice).
     */
    public synchronized Since since(long mark) {
        long from = Math.max(0, mark - dropped);
        return new Since(position(), seen.stream().skip(from).toList());
    }

    /** What {@code GET /_sandbox/clock/events} answers. */
    public record Since(long position, List<ClockEvent> events) {}
}
