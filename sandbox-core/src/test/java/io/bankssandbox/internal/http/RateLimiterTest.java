package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The rate limit's window logic on a ticker the test moves: a fixed window per key (a minute unless
 * configured), opened by the key's first request, and Retry-After the whole seconds left in it, never
 * more. (RateLimitTest checks, over HTTP, that the 429 and its Retry-After reach a client in each
 * route's error shape, and that the configured window reaches the limiter.)
 */
class RateLimiterTest {
    private static final int LIMIT = 5;
    private static final long START = 8_123_456_789_000L; // any ticker value: the window is relative to it

    private final AtomicLong nanos = new AtomicLong(START);
    private final RateLimiter limiter = new RateLimiter(LIMIT, Duration.ofMinutes(1), nanos::get);

    private void admitFull(RateLimiter rateLimiter, String key) {
        for (int i = 0; i < LIMIT; i++) {
            rateLimiter.admit(key);
        }
    }

    /** The Retry-After of the request that is refused now; fails when it is admitted. */
    private long refusedRetryAfter(RateLimiter rateLimiter, String key) {
        ApiException refused = catchThrowableOfType(() -> rateLimiter.admit(key), ApiException.class);
        assertThat(refused).as("a request past the limit of %d at +%d ns", LIMIT, nanos.get() - START).isNotNull();
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.messages()).containsExactly("Too Many Requests");
        return refused.retryAfterSeconds();
    }

    private void at(long millisAfterStart) {
        nanos.set(START + TimeUnit.MILLISECONDS.toNanos(millisAfterStart));
    }

    @Test
    void pastTheLimitInOneWindowTheKeyIsRefusedUntilTheWindowEnds() {
        admitFull(limiter, "key");
        assertThat(refusedRetryAfter(limiter, "key")).isEqualTo(60);
        at(30_500);
        assertThat(refusedRetryAfter(limiter, "key")).as("29.5 s left: never longer than what remains").isEqualTo(29);
        at(59_000);
        assertThat(refusedRetryAfter(limiter, "key")).isEqualTo(1);
        at(59_001);
        assertThat(refusedRetryAfter(limiter, "key")).as("999 ms left: retry now, the window ends within the second")
                .isEqualTo(0);
        at(60_000);
        assertThatCode(() -> admitFull(limiter, "key")).as("a new window opens a minute after the first").doesNotThrowAnyException();
        assertThat(refusedRetryAfter(limiter, "key")).isEqualTo(60);
    }

    @Test
    void aOneSecondWindowRefusesForAtMostASecond() {
        RateLimiter quick = new RateLimiter(LIMIT, Duration.ofSeconds(1), nanos::get);
        admitFull(quick, "key");
        assertThat(refusedRetryAfter(quick, "key")).isEqualTo(1);
        at(1);
        assertThat(refusedRetryAfter(quick, "key")).isEqualTo(0);
        at(999);
        assertThat(refusedRetryAfter(quick, "key")).isEqualTo(0);
        at(1_000);
        assertThatCode(() -> admitFull(quick, "key")).as("the next second is a new window").doesNotThrowAnyException();
        at(1_250);
        assertThat(refusedRetryAfter(quick, "key")).isEqualTo(0);
    }

    @Test
    void aWindowOfHoursCountsItsWholeSecondsDown() {
        RateLimiter hourly = new RateLimiter(LIMIT, Duration.ofHours(2), nanos::get);
        admitFull(hourly, "key");
        at(3_600_000 + 1);
        assertThat(refusedRetryAfter(hourly, "key")).isEqualTo(3_599);
    }

    @Test
    void theWindowStartsAtTheKeysFirstRequestNotOnTheMinute() {
        at(45_000);
        limiter.admit("key");
        at(70_000); // past the wall-clock minute, not past the key's window
        for (int i = 1; i < LIMIT; i++) {
            limiter.admit("key");
        }
        assertThat(refusedRetryAfter(limiter, "key")).isEqualTo(35);
    }

    @Test
    void eachKeyHasItsOwnWindow() {
        admitFull(limiter, "one");
        at(20_000);
        admitFull(limiter, "two");
        assertThat(refusedRetryAfter(limiter, "one")).isEqualTo(40);
        assertThat(refusedRetryAfter(limiter, "two")).isEqualTo(60);
        at(60_000);
        assertThatCode(() -> limiter.admit("one")).doesNotThrowAnyException();
        assertThat(refusedRetryAfter(limiter, "two")).isEqualTo(20);
    }

    @Test
    void resetEmptiesEveryWindow() {
        admitFull(limiter, "key");
        limiter.reset();
        assertThatCode(() -> admitFull(limiter, "key")).doesNotThrowAnyException();
    }

    @Test
    void noLimitMeansNoCounting() {
        RateLimiter off = new RateLimiter(0, Duration.ofMinutes(1), nanos::get);
        assertThatCode(() -> {
            for (int i = 0; i < 10 * LIMIT; i++) {
                off.admit("key");
            }
        }).doesNotThrowAnyException();
    }

    @Test
    void aWindowIsPositiveAndAtMostADay() {
        assertThat(RateLimiter.windowProblem(Duration.ofMillis(1))).isNull();
        assertThat(RateLimiter.windowProblem(Duration.ofDays(1))).isNull();
        assertThat(RateLimiter.windowProblem(Duration.ZERO))
                .isEqualTo("must be a positive ISO 8601 duration of at most PT24H (such as PT1M or PT1S), not PT0S");
        assertThat(RateLimiter.windowProblem(Duration.ofSeconds(-1))).endsWith("not PT-1S");
        assertThat(RateLimiter.windowProblem(Duration.ofDays(1).plusNanos(1))).isNotNull();
        assertThatThrownBy(() -> new RateLimiter(LIMIT, Duration.ZERO, nanos::get))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("the rate limit window must be");
    }
}
