package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.transfers.AchTransferView;
import io.bankssandbox.internal.transfers.AchTransfers;
import io.bankssandbox.internal.transfers.TransfersFeature;

/** {@link Sandbox.AchTransfers}: the outbound ACH moves of the control API and the read of /v0. */
final class AchTransfersSection implements Sandbox.AchTransfers {
    private final Operator operator;

    AchTransfersSection(Operator operator) {
        this.operator = operator;
    }

    private TransfersFeature feature() {
        return operator.feature(TransfersFeature.class);
    }

    @Override
    public AchTransfer get(String achTransferId) {
        return operator.call(() -> Values.achTransfer(AchTransferView.of(operator.runtime().state().read(state ->
                AchTransfers.get(state, Caller.OPERATOR, achTransferId)))));
    }

    @Override
    public AchTransfer approve(String achTransferId) {
        return operator.call(() -> Values.achTransfer(feature().approve(achTransferId)));
    }

    @Override
    public AchTransfer reject(String achTransferId) {
        return operator.call(() -> Values.achTransfer(feature().reject(achTransferId)));
    }

    @Override
    public AchTransfer cancel(String achTransferId) {
        return operator.call(() -> Values.achTransfer(feature().cancel(achTransferId)));
    }

    @Override
    public AchTransfer returnTransfer(String achTransferId, String reason) {
        operator.check("POST", "/_sandbox/ach-transfers/{ach_transfer_id}/return", Values.reason(reason));
        return operator.call(() -> Values.achTransfer(feature().returnTransfer(achTransferId, reason)));
    }
}
