package io.bankssandbox.internal.testing;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A ticker (nanoseconds from a fixed origin, as {@link System#nanoTime()} counts them) that moves only
 * when the test moves it: what is measured on it (an idle timeout, say) cannot run out during a pause
 * of a loaded machine, and runs out at once when the test says so.
 */
public final class ManualTicker implements LongSupplier {
    private final AtomicLong nanos = new AtomicLong();

    @Override
    public long getAsLong() {
        return nanos.get();
    }

    public void advance(Duration by) {
        nanos.addAndGet(by.toNanos());
    }
}
