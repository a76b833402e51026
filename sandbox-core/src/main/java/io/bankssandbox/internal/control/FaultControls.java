package io.bankssandbox.internal.control;

import io.bankssandbox.internal.requests.Fault;
import java.util.List;
import java.util.Map;

/**
 * Scripted failures ({@code /_sandbox/faults}): the next matching /v0 requests get the given status
 * before auth and validation, standing for the network or the service failing.
 */
public final class FaultControls {
    private final ControlCalls calls;

    public FaultControls(ControlCalls calls) {
        this.calls = calls;
    }

    /** The next matching request gets {@code status}; {@code path} ending in {@code *} matches a prefix. */
    public List<Fault> inject(String method, String path, int status) {
        return inject(new Fault(method, path, status, null, 0, 1));
    }

    public List<Fault> inject(Fault fault) {
        return calls.post(ControlFeature.FaultList.class, "/_sandbox/faults", Map.of(), fault).faults();
    }

    /** The faults still waiting for a request. */
    public List<Fault> list() {
        return calls.call("GET", ControlFeature.FaultList.class, "/_sandbox/faults", Map.of(), null).faults();
    }

    public void clear() {
        calls.call("DELETE", ControlFeature.FaultList.class, "/_sandbox/faults", Map.of(), null);
    }
}
