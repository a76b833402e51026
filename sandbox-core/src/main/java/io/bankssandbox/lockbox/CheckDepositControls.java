package io.bankssandbox.lockbox;

import io.bankssandbox.control.ControlCalls;
import java.util.Map;

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
        return move(checkDepositId, "return", reason == null ? null : Map.of("reason", reason));
    }

    private CheckDepositView move(String checkDepositId, String action, Object body) {
        return calls.post(CheckDepositView.class, "/_sandbox/check-deposits/{check_deposit_id}/" + action,
                Map.of("check_deposit_id", checkDepositId), body);
    }
}
