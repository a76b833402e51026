package io.bankssandbox.internal.externalaccounts;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.Cursors;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.HttpPipeline;
import io.bankssandbox.internal.http.PageView;

/**
 * {@code POST /v0/external-accounts}, {@code GET /v0/external-accounts/{id}},
 * {@code GET /v0/external-accounts} and the control route that archives one. Every error on the
 * /v0 routes is the vendor's {@code {"error": "..."}}.
 */
public final class ExternalAccountsFeature implements Feature {
    private static final String KIND = "external_account";

    private final SandboxRuntime runtime;

    public ExternalAccountsFeature(SandboxRuntime runtime, HttpPipeline pipeline) {
        this.runtime = runtime;
        // a replay shows the account as it is now: archived if it was archived since
        pipeline.registerReplay(KIND, (caller, id) -> runtime.state().read(state ->
                ExternalAccountBook.get(state, caller, id)));
    }

    @Override
    public void routes(ApiRouter api) {
        api.post("/v0/external-accounts", ErrorShape.SIMPLE, ExternalAccountBook.NewExternalAccount.class,
                (request, command) -> runtime.state().write(state -> {
                    ExternalAccount account = ExternalAccountBook.create(state, request.caller(), command,
                            runtime.clock().now());
                    return ApiResponse.created(account, KIND, account.id());
                }));
        api.get("/v0/external-accounts/{external_account_id}", ErrorShape.SIMPLE, request -> runtime.state().read(
                state -> ApiResponse.ok(ExternalAccountBook.get(state, request.caller(),
                        request.path("external_account_id")))));
        api.get("/v0/external-accounts", ErrorShape.SIMPLE, request -> runtime.state().read(state -> ApiResponse.ok(
                PageView.of(ExternalAccountBook.list(state, request.caller(), request.query("entity_id"),
                        Cursors.decode(request.query("cursor")), request.queryInt("limit"))))));
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/external-accounts/{external_account_id}/archive", ErrorShape.NEST, request ->
                ApiResponse.ok(archive(request.caller(), request.path("external_account_id"))));
    }

    /** An external account archived: the control route's and the typed handle's one way in. */
    public ExternalAccount archive(Caller caller, String externalAccountId) {
        return runtime.state().write(state -> ExternalAccountBook.archive(state, caller, externalAccountId,
                runtime.clock().now()));
    }
}
