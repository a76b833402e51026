package io.bankssandbox.internal.http;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Emulates the real service's per-key limit (500 requests a minute) when switched on: a fixed
 * one-minute window per key on the wall clock, because a client's backoff waits real seconds.
 */
public final class RateLimiter {
    private record Window(long startMillis, int count) {}

    private final int perMinute;
    private final LongSupplier wallMillis;
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    public RateLimiter(int perMinute) {
        this(perMinute, System::currentTimeMillis);
    }

    RateLimiter(int perMinute, LongSupplier wallMillis) {
        this.perMinute = perMinute;
        this.wallMillis = wallMillis;
    }

    /** Counts one request of {@code key}; 429 with Retry-After once the window is full. */
    public void admit(String key) {
        if (perMinute <= 0) {
            return;
        }
        long now = wallMillis.getAsLong();
        Window window = windows.compute(key, (k, w) ->
                w == null || now - w.startMillis() >= 60_000 ? new Window(now, 1) : new Window(w.startMillis(), w.count() + 1));
        if (window.count() > perMinute) {
            long retryAfter = Math.max(1, (window.startMillis() + 60_000 - now + 999) / 1000);
            throw ApiException.tooManyRequests(retryAfter);
        }
    }

    public void reset() {
        windows.clear();
    }
}
