package io.bankssandbox.internal.runtime;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one wait-until-deadline loop of the product: asks {@code probe} every few milliseconds until it
 * answers something or {@code within} has passed. Callers say what they waited for and what they saw
 * instead; a wait is never unbounded. (Webhook deliveries and clock transitions happen on the
 * sandbox's own threads, so a test that expects one has to wait for it.)
 */
public final class Polling {
    private static final long INTERVAL_MILLIS = 5;

    private Polling() {}

    /** What {@code probe} answered first, or empty when {@code within} passed (or the thread was interrupted) first. */
    public static <T> Optional<T> until(Duration within, Supplier<Optional<T>> probe) {
        return until(within, Duration.ofMillis(INTERVAL_MILLIS), probe);
    }

    /** The same, asking every {@code interval} (a probe that costs a request asks less often). */
    public static <T> Optional<T> until(Duration within, Duration interval, Supplier<Optional<T>> probe) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            Optional<T> found = probe.get();
            if (found.isPresent() || System.nanoTime() - deadline >= 0) {
                return found;
            }
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }
}
