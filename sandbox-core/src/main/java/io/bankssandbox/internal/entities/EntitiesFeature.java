package io.bankssandbox.internal.entities;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.Cursors;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.PageView;

/** {@code GET /v0/entities}. */
public final class EntitiesFeature implements Feature {
    private final SandboxRuntime runtime;

    public EntitiesFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/entities", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(PageView.of(
                EntityDirectory.list(state, request.caller(), Cursors.decode(request.query("cursor")),
                        request.queryInt("limit")),
                EntityView::of))));
    }
}
