package io.bankssandbox;

import io.bankssandbox.internal.lockbox.CheckDepositView;

/** {@link Sandbox.CheckDeposits} over HTTP: the moves of the control API, the read of {@code /v0}. */
final class RemoteCheckDeposits implements Sandbox.CheckDeposits {
    private final ControlApi api;

    RemoteCheckDeposits(ControlApi api) {
        this.api = api;
    }

    @Override
    public CheckDeposit get(String checkDepositId) {
        return deposit(api.get("/v0/check-deposits/" + ControlApi.segment(checkDepositId)));
    }

    @Override
    public CheckDeposit submit(String checkDepositId) {
        return deposit(api.post("/_sandbox/check-deposits/" + ControlApi.segment(checkDepositId) + "/submit", null));
    }

    @Override
    public CheckDeposit returnDeposit(String checkDepositId, String reason) {
        return deposit(api.post("/_sandbox/check-deposits/" + ControlApi.segment(checkDepositId) + "/return",
                Values.reason(reason)));
    }

    private CheckDeposit deposit(com.fasterxml.jackson.databind.JsonNode answer) {
        return Values.checkDeposit(api.decode(answer, CheckDepositView.class));
    }
}
