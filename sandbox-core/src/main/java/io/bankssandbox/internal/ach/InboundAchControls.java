package io.bankssandbox.internal.ach;

import io.bankssandbox.internal.control.ControlCalls;
import java.util.List;
import java.util.Map;

/**
 * Inbound ACH transfers by hand: simulate an arrival, then accept, decline or return it, exactly as
 * {@code /_sandbox/inbound-ach-transfers} does; and read them as {@code GET /v0/inbound-ach-transfers}
 * shows them to a key that sees every entity. Answers are the transfer as {@code GET /v0/...} shows it.
 */
public final class InboundAchControls {
    private final ControlCalls calls;

    public InboundAchControls(ControlCalls calls) {
        this.calls = calls;
    }

    /** A pending transfer arrives; it resolves on its own an hour later on the sandbox clock. */
    public InboundAchTransfer simulate(String accountId, long amount) {
        return simulate(InboundAchLifecycle.Arrival.of(accountId, amount));
    }

    public InboundAchTransfer simulate(InboundAchLifecycle.Arrival arrival) {
        return calls.post(InboundAchTransfer.class, "/_sandbox/inbound-ach-transfers", Map.of(), arrival);
    }

    /** Accepts a pending transfer now: both balances move by its amount. */
    public InboundAchTransfer accept(String transferId) {
        return move(transferId, "accept", null);
    }

    /** Declines a pending transfer now with {@code payment_stopped}. */
    public InboundAchTransfer decline(String transferId) {
        return move(transferId, "decline", null);
    }

    public InboundAchTransfer decline(String transferId, String reason) {
        return move(transferId, "decline", reason);
    }

    /** Returns an accepted transfer: the balance move is reversed. */
    public InboundAchTransfer returnTransfer(String transferId, String reason) {
        return move(transferId, "return", reason);
    }

    /** The transfer; an unknown id throws {@code SandboxException} 404. */
    public InboundAchTransfer get(String transferId) {
        return calls.read(InboundAchTransfer.class, "/v0/inbound-ach-transfers/{id}", Map.of("id", transferId),
                Map.of());
    }

    /** Every transfer, newest first. */
    public List<InboundAchTransfer> all() {
        return calls.readAll(InboundAchTransfer.class, "/v0/inbound-ach-transfers", Map.of(), Map.of());
    }

    /** The transfers of one account, newest first; an unknown account throws {@code SandboxException} 404. */
    public List<InboundAchTransfer> of(String accountId) {
        return calls.readAll(InboundAchTransfer.class, "/v0/inbound-ach-transfers", Map.of(),
                Map.of("account_id", accountId));
    }

    private InboundAchTransfer move(String transferId, String action, String reason) {
        return calls.move(InboundAchTransfer.class, "/_sandbox/inbound-ach-transfers/{id}", "id", transferId,
                action, reason);
    }
}
