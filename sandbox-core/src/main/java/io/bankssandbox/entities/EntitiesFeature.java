package io.bankssandbox.entities;

import io.bankssandbox.runtime.Feature;
import io.bankssandbox.runtime.SandboxRuntime;
import io.bankssandbox.http.ApiResponse;
import io.bankssandbox.http.ApiRouter;
import io.bankssandbox.http.Cursors;
import io.bankssandbox.http.ErrorShape;
import io.bankssandbox.http.PageView;

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
