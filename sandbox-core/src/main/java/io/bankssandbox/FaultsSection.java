package io.bankssandbox;

import java.util.List;

/** {@link Sandbox.Faults}: the fault injector the control API scripts. */
final class FaultsSection implements Sandbox.Faults {
    private final Operator operator;

    FaultsSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public List<Fault> inject(String method, String path, int status) {
        return inject(Fault.of(method, path, status));
    }

    @Override
    public List<Fault> inject(Fault fault) {
        io.bankssandbox.internal.requests.Fault command = Values.faultCommand(fault);
        operator.check("POST", "/_sandbox/faults", command);
        operator.runtime().faults().add(command);
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
