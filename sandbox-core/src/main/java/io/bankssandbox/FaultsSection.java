package io.bankssandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * {@link Sandbox.Faults}: the fault injector the control API scripts. A fault is written as the body
 * of {@code POST /_sandbox/faults}, checked against that body's schema, and read by the route's own
 * reading of it, so both ways in script the same fault.
 */
final class FaultsSection implements Sandbox.Faults {
    private final Operator operator;

    FaultsSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public List<Fault> inject(Fault fault) {
        ObjectNode request = Values.faultRequest(fault);
        operator.check("POST", "/_sandbox/faults", request);
        operator.runtime().faults().add(io.bankssandbox.internal.requests.Fault.fromRequest(request));
        return list();
    }

    @Override
    public List<Fault> list() {
        return operator.runtime().faults().list().stream().map(Values::fault).toList();
    }

    @Override
    public void clear() {
        operator.runtime().faults().clear();
    }
}
