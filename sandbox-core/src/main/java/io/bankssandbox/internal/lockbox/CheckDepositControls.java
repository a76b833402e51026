package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.control.ControlCalls;

/**
 * Check deposits moved by hand ({@code /_sandbox/check-deposits/{id}/...}): submit one received
 * {@code pending}, or have the paying bank return one {@code submitted}.
 */
public final class CheckDepositControls {
    private final ControlCalls calls;

    public CheckDepositControls(ControlCalls calls) {
        this.calls = calls;
    }

    /** A pending check is deposited now: credited and held. */
    public CheckDepositView submit(String checkDepositId) {
        return move(checkDepositId, "submit", null);
    }

    /** {@code reason}: a return reason code such as {@code stop_payment}; null for {@code insufficient_funds}. */
    public CheckDepositView returnDeposit(String checkDepositId, String reason) {
        return move(checkDepositId, "return", reason);
    }

    private CheckDepositView move(String checkDepositId, String action, String reason) {
        return calls.move(CheckDepositView.class, "/_sandbox/check-deposits/{check_deposit_id}", "check_deposit_id",
                checkDepositId, action, reason);
    }
}
