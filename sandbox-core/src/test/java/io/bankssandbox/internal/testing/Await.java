package io.bankssandbox.internal.testing;

import java.time.Duration;
import java.util.function.Predicate;

/** A bounded wait for something the test cannot be told about: it polls, and fails rather than hangs. */
public final class Await {
    private static final long POLL_MILLIS = 5;

    /** What a wait reads each time round; it may throw (a file read, say), which fails the wait at once. */
    @FunctionalInterface
    public interface Probe<T> {
        T read() throws Exception;
    }

    private Await() {}

    /**
     * Reads {@code probe} until {@code done} accepts the reading, and answers that reading. Fails after
     * {@code within} with a message naming {@code what} it waited for and the last reading it saw.
     */
    public static <T> T until(String what, Duration within, Probe<T> probe, Predicate<? super T> done) {
        long deadline = System.nanoTime() + within.toNanos();
        try {
            T seen = probe.read();
            while (!done.test(seen)) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new AssertionError("waited " + within.toMillis() + " ms for " + what + "; last saw: " + seen);
                }
                Thread.sleep(POLL_MILLIS);
                seen = probe.read();
            }
            return seen;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + what, e);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new AssertionError("could not read while waiting for " + what + ": " + e, e);
        }
    }
}
