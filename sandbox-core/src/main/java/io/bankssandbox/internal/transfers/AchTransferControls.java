package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.control.ControlCalls;

/**
 * Outbound ACH transfers moved by hand ({@code /_sandbox/ach-transfers/{id}/...}): approve one held
 * for review; reject, cancel or return one (each gives the money back).
 */
public final class AchTransferControls {
    private final ControlCalls calls;

    public AchTransferControls(ControlCalls calls) {
        this.calls = calls;
    }

    public AchTransferView approve(String achTransferId) {
        return move(achTransferId, "approve", null);
    }

    public AchTransferView reject(String achTransferId) {
        return move(achTransferId, "reject", null);
    }

    public AchTransferView cancel(String achTransferId) {
        return move(achTransferId, "cancel", null);
    }

    /** {@code reason}: a return reason code such as {@code no_account}; null for the sandbox's default. */
    public AchTransferView returnTransfer(String achTransferId, String reason) {
        return move(achTransferId, "return", reason);
    }

    private AchTransferView move(String achTransferId, String action, String reason) {
        return calls.move(AchTransferView.class, "/_sandbox/ach-transfers/{ach_transfer_id}", "ach_transfer_id",
                achTransferId, action, reason);
    }
}
