package io.bankssandbox;

import io.bankssandbox.internal.transactions.TransactionView;
import java.util.List;

/** {@link Sandbox.Transactions} over HTTP: {@code GET /v0/transactions} as the operator. */
final class RemoteTransactions implements Sandbox.Transactions {
    private final ControlApi api;

    RemoteTransactions(ControlApi api) {
        this.api = api;
    }

    @Override
    public List<Transaction> of(String accountId) {
        return api.decodeEach(api.everyPage(ControlApi.query("/v0/transactions", "account_id", accountId)),
                TransactionView.class).stream().map(Values::transactionView).toList();
    }

    @Override
    public Transaction get(String transactionId) {
        return Values.transactionView(api.decode(api.get("/v0/transactions/" + ControlApi.segment(transactionId)),
                TransactionView.class));
    }
}
