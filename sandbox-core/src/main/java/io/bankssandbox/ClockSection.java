package io.bankssandbox;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;
import io.bankssandbox.internal.runtime.Polling;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** {@link Sandbox.Clock}: the clock route's time machine, and a log of the moves its transitions made. */
final class ClockSection implements Sandbox.Clock {
    /** The moves kept for {@link #awaitEvent}: enough for any test, bounded for a sandbox that runs for days. */
    private static final int KEPT = 10_000;

    private final Operator operator;
    private final Deque<ClockEvent> seen = new ArrayDeque<>();
    private long dropped;

    ClockSection(Operator operator) {
        this.operator = operator;
        operator.runtime().events().afterCommit(this::record);
    }

    /** Every committed batch comes here, most with no move in it (a card created): those take no lock. */
    private void record(List<DomainEvent> batch) {
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

    @Override
    public Instant now() {
        return operator.runtime().clock().now();
    }

    @Override
    public List<ClockEvent> advance(Duration by) {
        return Operator.refusals(() -> operator.runtime().timeMachine().advanceBy(by)).stream()
                .map(Values::clockEvent).toList();
    }

    @Override
    public List<ClockEvent> advanceTo(Instant to) {
        return Operator.refusals(() -> operator.runtime().timeMachine().advanceTo(to)).stream()
                .map(Values::clockEvent).toList();
    }

    @Override
    public ClockEvent awaitEvent(String type, Duration within) {
        long mark = position();
        return Polling.until(within, () -> {
            operator.runtime().timeMachine().catchUp(); // a running clock's due transitions
            return since(mark).stream().filter(event -> event.type().equals(type)).findFirst();
        }).orElseThrow(() -> new AssertionError("no " + type + " happened within " + within + " (clock at " + now()
                + "); what happened instead: " + (since(mark).isEmpty() ? "nothing" : since(mark))));
    }

    private synchronized long position() {
        return dropped + seen.size();
    }

    private synchronized List<ClockEvent> since(long mark) {
        long from = Math.max(0, mark - dropped);
        return seen.stream().skip(from).toList();
    }
}
