package io.bankssandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
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
        io.bankssandbox.internal.requests.Fault command = new io.bankssandbox.internal.requests.Fault(fault.method(),
                fault.path(), fault.status(), body(fault.body()), fault.delayMs(), fault.times());
        operator.check("POST", "/_sandbox/faults", command);
        operator.runtime().faults().add(command);
        return list();
    }

    private static JsonNode body(String json) {
        if (json == null) {
            return null;
        }
        try {
            return Json.MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new SandboxException(400, List.of("body must be JSON: " + e.getOriginalMessage()));
        }
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
