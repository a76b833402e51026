package io.bankssandbox.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The product's one bounded wait: the first answer the probe gives, or nothing once the time is up or the thread interrupted. */
class PollingTest {

    @Test
    void theFirstAnswerIsReturnedAsSoonAsTheProbeGivesIt() {
        AtomicInteger asked = new AtomicInteger();
        Optional<String> found = Polling.until(Duration.ofSeconds(60), Duration.ofMillis(1),
                () -> asked.incrementAndGet() == 3 ? Optional.of("third") : Optional.empty());
        assertThat(found).contains("third");
        assertThat(asked).hasValue(3);
        assertThat(Polling.until(Duration.ofSeconds(60), () -> Optional.of("at once"))).contains("at once");
    }

    @Test
    void nothingComesBackOnceTheTimeIsUpAndTheProbeIsAskedAtLeastOnce() {
        AtomicInteger asked = new AtomicInteger();
        assertThat(Polling.until(Duration.ZERO, () -> {
            asked.incrementAndGet();
            return Optional.empty();
        })).isEmpty();
        assertThat(asked).hasValue(1);
        long started = System.nanoTime();
        assertThat(Polling.until(Duration.ofMillis(30), Duration.ofMillis(1), Optional::empty)).isEmpty();
        assertThat(System.nanoTime() - started).as("waited the whole time").isGreaterThanOrEqualTo(30_000_000L);
    }

    @Test
    void anInterruptedWaitEndsWithNothingAndKeepsTheInterrupt() {
        Thread.currentThread().interrupt();
        try {
            assertThat(Polling.until(Duration.ofSeconds(60), Optional::empty)).isEmpty();
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }
}
