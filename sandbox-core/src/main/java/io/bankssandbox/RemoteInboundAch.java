package io.bankssandbox;

import io.bankssandbox.internal.ach.InboundAchLifecycle;
import java.util.List;
import java.util.Map;

/** {@link Sandbox.InboundAch} over HTTP: the simulations of the control API, the reads of {@code /v0} as the operator. */
final class RemoteInboundAch implements Sandbox.InboundAch {
    private static final String CONTROL = "/_sandbox/inbound-ach-transfers";
    private static final String READS = "/v0/inbound-ach-transfers";

    private final ControlApi api;

    RemoteInboundAch(ControlApi api) {
        this.api = api;
    }

    @Override
    public InboundAchTransfer simulate(InboundAchTransfer.Arrival arrival) {
        InboundAchLifecycle.Arrival command = Values.arrival(arrival);
        return transfer(api.post(CONTROL, command));
    }

    @Override
    public InboundAchTransfer accept(String transferId) {
        return transfer(api.post(CONTROL + "/" + ControlApi.segment(transferId) + "/accept", Map.of()));
    }

    @Override
    public InboundAchTransfer decline(String transferId, String reason) {
        return transfer(api.post(CONTROL + "/" + ControlApi.segment(transferId) + "/decline", Values.reason(reason)));
    }

    @Override
    public InboundAchTransfer returnTransfer(String transferId, String reason) {
        return transfer(api.post(CONTROL + "/" + ControlApi.segment(transferId) + "/return", Values.reason(reason)));
    }

    @Override
    public InboundAchTransfer get(String transferId) {
        return transfer(api.get(READS + "/" + ControlApi.segment(transferId)));
    }

    @Override
    public List<InboundAchTransfer> all() {
        return of(null);
    }

    @Override
    public List<InboundAchTransfer> of(String accountId) {
        return api.decodeEach(api.everyPage(ControlApi.query(READS, "account_id", accountId)),
                io.bankssandbox.internal.ach.InboundAchTransfer.class).stream().map(Values::transfer).toList();
    }

    private InboundAchTransfer transfer(com.fasterxml.jackson.databind.JsonNode answer) {
        return Values.transfer(api.decode(answer, io.bankssandbox.internal.ach.InboundAchTransfer.class));
    }
}
