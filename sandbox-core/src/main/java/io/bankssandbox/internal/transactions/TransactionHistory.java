package io.bankssandbox.internal.transactions;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.AccountBook;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.util.List;

/** An account's transactions as a caller may read them: newest first, only of accounts it sees. */
public final class TransactionHistory {
    private TransactionHistory() {}

    public static Page<Transaction> list(SandboxState state, Caller caller, String accountId, SortKey after, int limit) {
        Account account = AccountBook.get(state, caller, accountId);
        return state.table(Transaction.TABLE).page(List.of(account.id()), t -> true, after, limit);
    }

    /** The transaction, or not found when unknown or of an account the caller cannot see. */
    public static Transaction get(SandboxState state, Caller caller, String id) {
        Transaction transaction = state.table(Transaction.TABLE).get(id);
        Account account = transaction == null ? null : state.table(Account.TABLE).get(transaction.accountId());
        if (account == null || !caller.canSee(account.entityId())) {
            throw DomainException.notFound("Transaction", id);
        }
        return transaction;
    }
}
