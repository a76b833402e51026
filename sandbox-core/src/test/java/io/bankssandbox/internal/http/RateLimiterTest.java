package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The rate limit's window logic on a clock the test moves: a fixed one-minute window per key, opened by
 * the key's first request, and Retry-After the whole seconds left in it. (RateLimitTest checks, over
 * HTTP, that the 429 and its Retry-After reach a client in each route's error shape.)
 */
class RateLimiterTest {
    private static final int LIMIT = 5;
    private static final long START = 1_772_463_600_000L; // any wall-clock time: the window is relative to it

    private final AtomicLong wallMillis = new AtomicLong(START);
    private final RateLimiter limiter = new RateLimiter(LIMIT, wallMillis::get);

    private void admitFull(String key) {
        for (int i = 0; i < LIMIT; i++) {
            limiter.admit(key);
        }
    }

    /** The Retry-After of the request that is refused now; fails when it is admitted. */
    private long refusedRetryAfter(String key) {
        ApiException refused = catchThrowableOfType(() -> limiter.admit(key), ApiException.class);
        assertThat(refused).as("a request past the limit of %d at +%d ms", LIMIT, wallMillis.get() - START).isNotNull();
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.messages()).containsExactly("Too Many Requests");
        return refused.retryAfterSeconds();
    }

    private void at(long millisAfterStart) {
        wallMillis.set(START + millisAfterStart);
    }

    @Test
    void pastTheLimitInOneWindowTheKeyIsRefusedUntilTheWindowEnds() {
        admitFull("key");
        assertThat(refusedRetryAfter("key")).isEqualTo(60);
        at(30_500);
        assertThat(refusedRetryAfter("key")).isEqualTo(30); // 29.5 s left, rounded up
        at(59_999);
        assertThat(refusedRetryAfter("key")).isEqualTo(1); // never 0: a client retrying at once would be refused
        at(60_000);
        assertThatCode(() -> admitFull("key")).as("a new window opens a minute after the first").doesNotThrowAnyException();
        assertThat(refusedRetryAfter("key")).isEqualTo(60);
    }

    @Test
    void theWindowStartsAtTheKeysFirstRequestNotOnTheMinute() {
        at(45_000);
        limiter.admit("key");
        at(70_000); // past the wall-clock minute, not past the key's window
        for (int i = 1; i < LIMIT; i++) {
            limiter.admit("key");
        }
        assertThat(refusedRetryAfter("key")).isEqualTo(35);
    }

    @Test
    void eachKeyHasItsOwnWindow() {
        admitFull("one");
        at(20_000);
        admitFull("two");
        assertThat(refusedRetryAfter("one")).isEqualTo(40);
        assertThat(refusedRetryAfter("two")).isEqualTo(60);
        at(60_000);
        assertThatCode(() -> limiter.admit("one")).doesNotThrowAnyException();
        assertThat(refusedRetryAfter("two")).isEqualTo(20);
    }

    @Test
    void resetEmptiesEveryWindow() {
        admitFull("key");
        limiter.reset();
        assertThatCode(() -> admitFull("key")).doesNotThrowAnyException();
    }

    @Test
    void noLimitMeansNoCounting() {
        RateLimiter off = new RateLimiter(0, wallMillis::get);
        assertThatCode(() -> {
            for (int i = 0; i < 10 * LIMIT; i++) {
                off.admit("key");
            }
        }).doesNotThrowAnyException();
    }
}
