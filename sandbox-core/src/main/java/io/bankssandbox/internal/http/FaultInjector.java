package io.bankssandbox.internal.http;

import io.bankssandbox.internal.requests.Fault;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Faults scripted through {@code POST /_sandbox/faults}: the next {@code times} requests matching
 * method and path get the fault ({@link Fault} says what it answers and when). Every /v0 request asks;
 * while none is scripted, which is nearly always, the answer is one volatile read, no lock.
 */
public final class FaultInjector {
    private final List<Fault> faults = new ArrayList<>();
    /** How many faults are scripted: read without the lock by {@link #take}, written under it. */
    private volatile int scripted;
    /** How a fault waits its {@code delay_ms}: the thread sleeps (a test may watch the wait instead). */
    private volatile LongConsumer pause = FaultInjector::sleep;

    public synchronized void add(Fault fault) {
        faults.add(fault);
        scripted = faults.size();
    }

    public synchronized List<Fault> list() {
        return List.copyOf(faults);
    }

    public synchronized void clear() {
        faults.clear();
        scripted = 0;
    }

    /** The fault this request gets, counted as used; null when none matches. */
    public Fault take(String method, String path) {
        if (scripted == 0) {
            return null;
        }
        synchronized (this) {
            for (Iterator<Fault> it = faults.iterator(); it.hasNext(); ) {
                Fault fault = it.next();
                if (fault.matches(method, path)) {
                    it.remove();
                    if (fault.times() > 1) {
                        faults.add(0, fault.times(fault.times() - 1));
                    }
                    scripted = faults.size();
                    return fault;
                }
            }
            return null;
        }
    }

    /** Waits a fault's delay before its answer, on the request's thread. */
    void pause(long millis) {
        if (millis > 0) {
            pause.accept(millis);
        }
    }

    /** For a test that looks at the state at the moment a fault waits, instead of sleeping through it; null: sleep again. */
    void pauseWith(LongConsumer watcher) {
        this.pause = watcher == null ? FaultInjector::sleep : watcher;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
