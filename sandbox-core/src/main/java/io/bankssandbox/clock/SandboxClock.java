package io.bankssandbox.clock;

import java.time.Duration;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * The sandbox's time. Frozen, it moves only when set; running, it follows the wall clock from the
 * last instant it was set to. Every timestamp the sandbox writes comes from here.
 */
public final class SandboxClock {
    private final ClockMode mode;
    private final LongSupplier wallNanos;
    private volatile Instant anchor;
    private volatile long anchorWallNanos;

    public SandboxClock(ClockMode mode, Instant start) {
        this(mode, start, System::nanoTime);
    }

    SandboxClock(ClockMode mode, Instant start, LongSupplier wallNanos) {
        this.mode = mode;
        this.wallNanos = wallNanos;
        set(start);
    }

    public ClockMode mode() {
        return mode;
    }

    public Instant now() {
        Instant base = anchor;
        if (mode == ClockMode.FROZEN) {
            return base;
        }
        long elapsed = wallNanos.getAsLong() - anchorWallNanos;
        // Millisecond resolution: timestamps are printed with milliseconds, and a finer clock would
        // make two reads in one request disagree in ways nobody can see.
        return base.plusMillis(Duration.ofNanos(elapsed).toMillis());
    }

    /** Moves the clock to {@code instant}; callers make sure it never goes backwards. */
    public synchronized void set(Instant instant) {
        this.anchorWallNanos = wallNanos.getAsLong();
        this.anchor = instant;
    }
}
