package io.bankssandbox.internal.http;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Emulates the real service's per-key limit (500 requests a minute) when switched on: a fixed window
 * per key (a minute unless configured shorter, so a test of waiting and retrying takes a second),
 * opened by the key's first request and measured on the machine's monotonic clock, not the sandbox's,
 * because a client's backoff waits real seconds.
 */
public final class RateLimiter {
    /** The real service's window. */
    public static final Duration DEFAULT_WINDOW = Duration.ofMinutes(1);
    /** The longest window taken: a day (a longer one would stand for no limit the service has). */
    public static final Duration LONGEST_WINDOW = Duration.ofDays(1);

    private record Window(long startNanos, int count) {}

    private final int perWindow;
    private final long windowNanos;
    private final LongSupplier ticker;
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    public RateLimiter(int perWindow, Duration window) {
        this(perWindow, window, System::nanoTime);
    }

    /** {@code ticker}: nanoseconds from any fixed origin, as {@link System#nanoTime()} counts them. */
    RateLimiter(int perWindow, Duration window, LongSupplier ticker) {
        String problem = windowProblem(window);
        if (problem != null) {
            throw new IllegalArgumentException("the rate limit window " + problem);
        }
        this.perWindow = perWindow;
        this.windowNanos = window.toNanos();
        this.ticker = ticker;
    }

    /**
     * What is wrong with {@code window} as a rate limit window ("must be ..., not ..."), or null when it
     * is one: positive and at most {@link #LONGEST_WINDOW}.
     */
    public static String windowProblem(Duration window) {
        if (window == null || window.isNegative() || window.isZero() || window.compareTo(LONGEST_WINDOW) > 0) {
            return "must be a positive ISO 8601 duration of at most " + LONGEST_WINDOW + " (such as PT1M or PT1S), not "
                    + window;
        }
        return null;
    }

    /**
     * Counts one request of {@code key}; 429 once the window is full, whose Retry-After is the whole
     * seconds left in the window, rounded down: never longer than what remains (0 in its last second).
     */
    public void admit(String key) {
        if (perWindow <= 0) {
            return;
        }
        long now = ticker.getAsLong();
        Window window = windows.compute(key, (k, w) -> w == null || now - w.startNanos() >= windowNanos
                ? new Window(now, 1) : new Window(w.startNanos(), w.count() + 1));
        if (window.count() > perWindow) {
            long remaining = window.startNanos() + windowNanos - now;
            throw ApiException.tooManyRequests(remaining / 1_000_000_000L);
        }
    }

    public void reset() {
        windows.clear();
    }
}
