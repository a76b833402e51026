package io.bankssandbox.internal.webhooks;

import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One endpoint's pending deliveries and its attempts in flight; guarded by the dispatcher's lock.
 * Due deliveries are taken strictly in the order their events occurred; those waiting for a retry
 * sort by due time and join the due ones when it comes, so a retry never holds back newer events.
 *
 * <p>While the lane keeps up, one attempt is in flight, so events arrive in the order they
 * occurred (a book transfer's two transactions, an onboarding's {@code entity.connected} before its
 * opening balance). Once {@link #BACKLOG} due deliveries wait, the receiver is not keeping up with
 * one round trip at a time and up to {@link #WINDOW} attempts go out at once, still taken in event
 * order: a burst then costs the receiver's concurrency, not one round trip per event, and arrival
 * order is no longer guaranteed (a receiver orders by {@code occurred_at}, dedupes by
 * {@code webhook-id}). The window closes again once the backlog is gone.
 */
final class DeliveryLane {
    /** Due deliveries waiting before the lane opens its window: far more than a request's events. */
    static final int BACKLOG = 32;
    /** Attempts in flight at most once open, each on its own kept-alive connection. */
    static final int WINDOW = 8;

    private record Waiting(Instant at, String id) {}

    final String endpointId;
    /** Due delivery ids (they sort in creation order: their counter comes first) to their durability ticket. */
    private final TreeMap<String, Long> ready = new TreeMap<>();
    private final TreeSet<Waiting> waiting = new TreeSet<>(Comparator.comparing(Waiting::at).thenComparing(Waiting::id));
    private int inFlight;
    /** Whether the window is open: from a backlog of {@link #BACKLOG} until nothing due is left. */
    private boolean open;

    DeliveryLane(String endpointId) {
        this.endpointId = endpointId;
    }

    /**
     * A delivery due at {@code at}; {@code ticket} is the durability barrier it waits for before its
     * first attempt (0 for none). A retry's wait comes after its first attempt: it waits for none.
     */
    void add(String id, Instant at, Instant now, long ticket) {
        if (at.isAfter(now)) {
            waiting.add(new Waiting(at, id));
        } else {
            ready.put(id, ticket);
        }
    }

    /** Moves the retries that came due among the due deliveries, in event order. */
    void promote(Instant now) {
        while (!waiting.isEmpty() && !waiting.first().at().isAfter(now)) {
            ready.put(waiting.pollFirst().id(), 0L);
        }
    }

    boolean hasWaiting() {
        return !waiting.isEmpty();
    }

    /**
     * The next delivery to attempt, counted as in flight, or null when the window is full, nothing
     * is due, or the oldest due one is not yet durable (nothing newer may overtake it).
     */
    String take(long durableTicket) {
        if (ready.isEmpty()) {
            open = false;
            return null;
        }
        open |= ready.size() >= BACKLOG;
        if (inFlight >= (open ? WINDOW : 1)) {
            return null;
        }
        Map.Entry<String, Long> oldest = ready.firstEntry();
        if (oldest.getValue() > durableTicket) {
            return null;
        }
        ready.pollFirstEntry();
        inFlight++;
        return oldest.getKey();
    }

    /** An attempt taken from this lane ended (or was dropped before it was sent). */
    void ended() {
        inFlight--;
    }
}
