package io.bankssandbox.internal.clock;

import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * The sandbox's time. Frozen, it moves only when set; running, it follows the wall clock from the
 * last instant it was set to. Every timestamp the sandbox writes comes from here.
 *
 * <p>Its {@link Anchor} says where it stands against the wall clock, so that a running clock kept in
 * a state file can resume after a restart where it would have been had the process kept running.
 */
public final class SandboxClock {
    /** Sandbox time {@code now} was read at wall-clock time {@code wallClock}. */
    public record Anchor(Instant now, Instant wallClock) {}

    private final ClockMode mode;
    private final LongSupplier wallNanos;
    private final LongSupplier wallMillis;
    private volatile Instant anchor;
    private volatile long anchorWallNanos;
    private volatile Instant anchorWallClock;
    private volatile Reading lastReading;

    public SandboxClock(ClockMode mode, Instant start) {
        this(mode, start, System::nanoTime, System::currentTimeMillis);
    }

    SandboxClock(ClockMode mode, Instant start, LongSupplier wallNanos) {
        this(mode, start, wallNanos, () -> wallNanos.getAsLong() / 1_000_000);
    }

    SandboxClock(ClockMode mode, Instant start, LongSupplier wallNanos, LongSupplier wallMillis) {
        this.mode = mode;
        this.wallNanos = wallNanos;
        this.wallMillis = wallMillis;
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
        long elapsedMillis = Math.floorDiv(elapsed, 1_000_000L);
        // The reads of one millisecond share one Instant: every row and idempotency key a request
        // stores keeps its timestamp alive, and under load a few dozen requests fall in each millisecond.
        Reading last = lastReading;
        if (last != null && last.base() == base && last.elapsedMillis() == elapsedMillis) {
            return last.instant();
        }
        Instant instant = base.plusMillis(elapsedMillis);
        lastReading = new Reading(base, elapsedMillis, instant);
        return instant;
    }

    private record Reading(Instant base, long elapsedMillis, Instant instant) {}

    /** Moves the clock to {@code instant}; callers make sure it never goes backwards. */
    public synchronized void set(Instant instant) {
        this.anchorWallNanos = wallNanos.getAsLong();
        this.anchorWallClock = Instant.ofEpochMilli(wallMillis.getAsLong());
        this.anchor = instant;
    }

    /** The last instant the clock was set to and the wall-clock time it was set at. */
    public synchronized Anchor anchor() {
        return new Anchor(anchor, anchorWallClock);
    }

    /** The clock read now, with the wall-clock time of the reading: the same mapping as {@link #anchor()}, up to date. */
    public synchronized Anchor reading() {
        return new Anchor(now(), Instant.ofEpochMilli(wallMillis.getAsLong()));
    }

    /**
     * Where a clock kept as {@code saved} stands now: a running clock counts the wall-clock time
     * since it was saved (never less than none, should the wall clock have been set back), a frozen
     * one stays where it was.
     */
    public Instant resumed(Anchor saved) {
        if (mode == ClockMode.FROZEN || saved.wallClock() == null) {
            return saved.now();
        }
        long away = wallMillis.getAsLong() - saved.wallClock().toEpochMilli();
        return saved.now().plusMillis(Math.max(0, away));
    }
}
