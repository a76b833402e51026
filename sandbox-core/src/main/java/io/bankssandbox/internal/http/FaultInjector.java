package io.bankssandbox.internal.http;

import io.bankssandbox.internal.requests.Fault;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Faults scripted through {@code POST /_sandbox/faults}: the next {@code times} requests matching
 * method and path get the given status and body (after an optional delay), before auth and
 * validation, standing for the network or the service failing.
 */
public final class FaultInjector {
    private final List<Fault> faults = new ArrayList<>();

    /** Scripts {@code fault}; its method is kept upper case, as requests name methods. */
    public synchronized void add(Fault fault) {
        faults.add(new Fault(fault.method().toUpperCase(java.util.Locale.ROOT), fault.path(), fault.status(),
                fault.body(), fault.delayMs(), fault.times()));
    }

    public synchronized List<Fault> list() {
        return List.copyOf(faults);
    }

    public synchronized void clear() {
        faults.clear();
    }

    /** The fault this request gets, counted as used; null when none matches. */
    public synchronized Fault take(String method, String path) {
        for (Iterator<Fault> it = faults.iterator(); it.hasNext(); ) {
            Fault fault = it.next();
            if (fault.matches(method, path)) {
                it.remove();
                if (fault.times() > 1) {
                    faults.add(0, new Fault(fault.method(), fault.path(), fault.status(), fault.body(), fault.delayMs(),
                            fault.times() - 1));
                }
                return fault;
            }
        }
        return null;
    }
}
