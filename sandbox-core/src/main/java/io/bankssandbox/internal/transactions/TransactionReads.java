package io.bankssandbox.internal.transactions;

import io.bankssandbox.internal.control.ControlCalls;
import java.util.List;
import java.util.Map;

/**
 * The ledger as the /v0 API shows it to a key that sees every entity ({@code GET /v0/transactions}):
 * every move of an account's {@code total_balance}, newest first, summing to the balance.
 */
public final class TransactionReads {
    private final ControlCalls calls;

    public TransactionReads(ControlCalls calls) {
        this.calls = calls;
    }

    /** Every transaction of the account, newest first; an unknown account throws {@code SandboxException} 404. */
    public List<TransactionView> of(String accountId) {
        return calls.readAll(TransactionView.class, "/v0/transactions", Map.of(), Map.of("account_id", accountId));
    }

    /** The transaction; an unknown id throws {@code SandboxException} 404. */
    public TransactionView get(String transactionId) {
        return calls.read(TransactionView.class, "/v0/transactions/{transaction_id}",
                Map.of("transaction_id", transactionId), Map.of());
    }
}
