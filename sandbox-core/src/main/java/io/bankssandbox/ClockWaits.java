package io.bankssandbox;

import io.bankssandbox.internal.runtime.Polling;
import java.time.Duration;
import java.util.List;

/**
 * {@link Sandbox.Clock#awaitEvent} for both ways in: a position taken when the wait starts, then the moves
 * since it, looked at until one of the type comes or the deadline passes. Only how the moves are read
 * differs (the sandbox's log in process, {@code GET /_sandbox/clock/events} over HTTP).
 */
abstract class ClockWaits implements Sandbox.Clock {
    private final Duration interval;

    /** @param interval how long to wait between looks (a look that costs a request looks less often) */
    ClockWaits(Duration interval) {
        this.interval = interval;
    }

    /** How many moves there have been. */
    abstract long position();

    /** The moves after {@code mark}, oldest first, with a running clock's due transitions applied first. */
    abstract List<ClockEvent> since(long mark);

    @Override
    public ClockEvent awaitEvent(String type, Duration within) {
        long mark = position();
        return Polling.until(within, interval, () -> since(mark).stream()
                .filter(event -> event.type().equals(type)).findFirst())
                .orElseThrow(() -> {
                    List<ClockEvent> instead = since(mark);
                    return new AssertionError("no " + type + " happened within " + within + " (clock at " + now()
                            + "); what happened instead: " + (instead.isEmpty() ? "nothing" : instead));
                });
    }
}
