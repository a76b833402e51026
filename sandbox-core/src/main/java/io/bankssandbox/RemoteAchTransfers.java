package io.bankssandbox;

import io.bankssandbox.internal.transfers.AchTransferView;

/** {@link Sandbox.AchTransfers} over HTTP: the bank's moves on the control API, the read of {@code /v0}. */
final class RemoteAchTransfers implements Sandbox.AchTransfers {
    private static final String CONTROL = "/_sandbox/ach-transfers/";

    private final ControlApi api;

    RemoteAchTransfers(ControlApi api) {
        this.api = api;
    }

    @Override
    public AchTransfer get(String achTransferId) {
        return transfer(api.get("/v0/ach-transfer/" + ControlApi.segment(achTransferId)));
    }

    @Override
    public AchTransfer approve(String achTransferId) {
        return move(achTransferId, "approve", null);
    }

    @Override
    public AchTransfer reject(String achTransferId) {
        return move(achTransferId, "reject", null);
    }

    @Override
    public AchTransfer cancel(String achTransferId) {
        return move(achTransferId, "cancel", null);
    }

    @Override
    public AchTransfer returnTransfer(String achTransferId, String reason) {
        return move(achTransferId, "return", Values.reason(reason));
    }

    private AchTransfer move(String achTransferId, String move, Object body) {
        return transfer(api.post(CONTROL + ControlApi.segment(achTransferId) + "/" + move, body));
    }

    private AchTransfer transfer(com.fasterxml.jackson.databind.JsonNode answer) {
        return Values.achTransfer(api.decode(answer, AchTransferView.class));
    }
}
