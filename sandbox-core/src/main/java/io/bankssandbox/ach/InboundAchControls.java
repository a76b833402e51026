package io.bankssandbox.ach;

import io.bankssandbox.control.ControlCalls;
import java.util.Map;

/**
 * Inbound ACH transfers by hand: simulate an arrival, then accept, decline or return it, exactly as
 * {@code /_sandbox/inbound-ach-transfers} does. Answers are the transfer as {@code GET /v0/...} shows it.
 */
public final class InboundAchControls {
    private final ControlCalls calls;

    public InboundAchControls(ControlCalls calls) {
        this.calls = calls;
    }

    /** A pending transfer arrives; it resolves on its own an hour later on the sandbox clock. */
    public InboundAchTransferView simulate(String accountId, long amount) {
        return simulate(InboundAchLifecycle.Arrival.of(accountId, amount));
    }

    public InboundAchTransferView simulate(InboundAchLifecycle.Arrival arrival) {
        return calls.post(InboundAchTransferView.class, "/_sandbox/inbound-ach-transfers", Map.of(), arrival);
    }

    /** Accepts a pending transfer now: both balances move by its amount. */
    public InboundAchTransferView accept(String transferId) {
        return move(transferId, "accept", Map.of());
    }

    /** Declines a pending transfer now with {@code payment_stopped}. */
    public InboundAchTransferView decline(String transferId) {
        return move(transferId, "decline", Map.of());
    }

    public InboundAchTransferView decline(String transferId, String reason) {
        return move(transferId, "decline", Map.of("reason", reason));
    }

    /** Returns an accepted transfer: the balance move is reversed. */
    public InboundAchTransferView returnTransfer(String transferId, String reason) {
        return move(transferId, "return", Map.of("reason", reason));
    }

    private InboundAchTransferView move(String transferId, String action, Map<String, String> body) {
        return calls.post(InboundAchTransferView.class, "/_sandbox/inbound-ach-transfers/{id}/" + action,
                Map.of("id", transferId), body);
    }
}
