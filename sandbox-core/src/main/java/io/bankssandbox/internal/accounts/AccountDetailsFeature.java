package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.entities.Entity;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.ErrorShape;

/** {@code GET /v0/accounts/{id}} and its settlement instructions as a PDF. */
public final class AccountDetailsFeature implements Feature {
    private final SandboxRuntime runtime;

    public AccountDetailsFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/accounts/{account_id}", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                AccountView.of(AccountBook.get(state, request.caller(), request.path("account_id"))))));
        api.get("/v0/accounts/{account_id}/settlement-instructions", ErrorShape.NEST, request -> {
            SettlementInstructions.Details details = runtime.state().read(state -> {
                Account account = AccountBook.get(state, request.caller(), request.path("account_id"));
                return new SettlementInstructions.Details(state.table(Entity.TABLE).get(account.entityId()).name(),
                        account.name(), account.routingNumber(), account.accountNumber(), runtime.clock().now());
            });
            // rendered outside the state lock: a PDF takes milliseconds, and needs nothing but the details
            return ApiResponse.raw("application/pdf", SettlementInstructions.render(details));
        });
    }
}
