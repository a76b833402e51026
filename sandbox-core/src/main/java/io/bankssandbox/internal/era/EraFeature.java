package io.bankssandbox.internal.era;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.ErrorShape;

/** {@code GET /v0/transactions/{id}/era}: the remittance advice of an insurance payment. */
public final class EraFeature implements Feature {
    private final SandboxRuntime runtime;

    public EraFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/transactions/{id}/era", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                EraView.of(EraDirectory.forTransaction(state, request.caller(), request.path("id"))))));
    }
}
