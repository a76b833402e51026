package io.bankssandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
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
    public List<Fault> inject(String method, String path, int status) {
        return inject(Fault.of(method, path, status));
    }

    @Override
    public List<Fault> inject(Fault fault) {
        ObjectNode request = requestBody(fault);
        operator.check("POST", "/_sandbox/faults", request);
        operator.runtime().faults().add(io.bankssandbox.internal.requests.Fault.fromRequest(request));
        return list();
    }

    /** The fault as the route takes it: what is left at its default is left out. */
    private static ObjectNode requestBody(Fault fault) {
        ObjectNode request = Json.MAPPER.createObjectNode();
        request.put("method", fault.method()).put("path", fault.path());
        if (fault.status() != null) {
            request.put("status", fault.status());
        }
        if (fault.body() != null) {
            request.set("body", body(fault.body()));
        }
        if (!fault.headers().isEmpty()) {
            fault.headers().forEach(request.putObject("headers")::put);
        }
        if (fault.delayMs() != 0) {
            request.put("delay_ms", fault.delayMs());
        }
        if (fault.afterProcessing()) {
            request.put("after_processing", true);
        }
        if (fault.closeConnection()) {
            request.put("close_connection", true);
        }
        return request.put("times", fault.times());
    }

    private static JsonNode body(String json) {
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
