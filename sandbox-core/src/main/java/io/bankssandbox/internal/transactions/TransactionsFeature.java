package io.bankssandbox.internal.transactions;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.Cursors;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.HttpPipeline;
import io.bankssandbox.internal.http.PageView;

/** {@code GET /v0/transactions?account_id=} and {@code GET /v0/transactions/{id}}: the ledger. */
public final class TransactionsFeature implements Feature {
    /** Replay kind of routes that answer a transaction they created. */
    public static final String REPLAY_KIND = "transaction";

    private final SandboxRuntime runtime;

    public TransactionsFeature(SandboxRuntime runtime, HttpPipeline pipeline) {
        this.runtime = runtime;
        pipeline.registerReplay(REPLAY_KIND, (caller, id) -> runtime.state().read(state ->
                TransactionView.of(TransactionHistory.get(state, caller, id))));
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/transactions", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(PageView.of(
                TransactionHistory.list(state, request.caller(), request.query("account_id"),
                        Cursors.decode(request.query("cursor")), request.queryInt("limit")),
                TransactionView::of))));
        api.get("/v0/transactions/{transaction_id}", ErrorShape.NEST, request -> runtime.state().read(state ->
                ApiResponse.ok(TransactionView.of(TransactionHistory.get(state, request.caller(),
                        request.path("transaction_id"))))));
    }
}
