package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.transactions.TransactionHistory;
import java.util.List;

/** {@link Sandbox.Transactions}: the ledger reads of /v0, as a key that sees every entity. */
final class TransactionsSection implements Sandbox.Transactions {
    private final Operator operator;

    TransactionsSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public List<Transaction> of(String accountId) {
        return operator.call(() -> operator.runtime().state().read(state ->
                TransactionHistory.list(state, Caller.OPERATOR, accountId, null, Integer.MAX_VALUE).items().stream()
                        .map(transaction -> Values.transaction(transaction)).toList()));
    }

    @Override
    public Transaction get(String transactionId) {
        return operator.call(() -> Values.transaction(operator.runtime().state().read(state ->
                TransactionHistory.get(state, Caller.OPERATOR, transactionId))));
    }
}
