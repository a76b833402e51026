package io.bankssandbox;

import java.util.List;

/** {@link Sandbox.Faults} over HTTP: {@code /_sandbox/faults}. */
final class RemoteFaults implements Sandbox.Faults {
    private static final String FAULTS = "/_sandbox/faults";

    private final ControlApi api;

    RemoteFaults(ControlApi api) {
        this.api = api;
    }

    @Override
    public List<Fault> inject(Fault fault) {
        return faults(api.post(FAULTS, Values.faultRequest(fault)));
    }

    @Override
    public List<Fault> list() {
        return faults(api.get(FAULTS));
    }

    @Override
    public void clear() {
        api.delete(FAULTS);
    }

    private List<Fault> faults(com.fasterxml.jackson.databind.JsonNode answer) {
        return api.decodeEach(answer.path("faults"), io.bankssandbox.internal.requests.Fault.class).stream()
                .map(Values::fault).toList();
    }
}
