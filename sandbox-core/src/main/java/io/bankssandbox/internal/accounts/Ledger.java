package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.accounts.TransactionPosted;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Instant;

/**
 * The one place balances change. A posting moves {@code total_balance} and records exactly one
 * transaction; {@link #moveAvailable} moves only {@code available_balance} (a hold placed or
 * released) and records none. Every posting publishes one {@link TransactionPosted}.
 */
public final class Ledger {
    private Ledger() {}

    /**
     * Posts {@code amount} (signed cents) to the account's total balance and {@code availableDelta}
     * to its available balance; returns the new transaction. Pass {@code transactionId} to use an id
     * already promised (an ACH's {@code transaction_id}), or null for a new one.
     */
    public static Transaction post(SandboxState state, String transactionId, String accountId, long amount,
                                   long availableDelta, Instant at, String description, String sourceCategory,
                                   String sourceId, String counterpartyAccountId) {
        return post(state, transactionId, accountId, amount, availableDelta, at, description, sourceCategory, sourceId,
                counterpartyAccountId, null);
    }

    /**
     * {@link #post(SandboxState, String, String, long, long, Instant, String, String, String, String)} of a
     * transaction that settles the held card authorization {@code cardAuthorizationId}.
     */
    public static Transaction post(SandboxState state, String transactionId, String accountId, long amount,
                                   long availableDelta, Instant at, String description, String sourceCategory,
                                   String sourceId, String counterpartyAccountId, String cardAuthorizationId) {
        AccountBook.move(state, accountId, amount, availableDelta);
        String id = transactionId != null ? transactionId : state.ids.next("transaction_");
        Transaction transaction = new Transaction(id, accountId, amount, at, description, sourceCategory, sourceId,
                counterpartyAccountId, cardAuthorizationId);
        state.table(Transaction.TABLE).put(transaction);
        state.events.publish(new TransactionPosted(transaction));
        return transaction;
    }

    /** Moves only the available balance: a hold placed (negative) or released (positive). */
    public static void moveAvailable(SandboxState state, String accountId, long availableDelta) {
        AccountBook.move(state, accountId, 0, availableDelta);
    }
}
