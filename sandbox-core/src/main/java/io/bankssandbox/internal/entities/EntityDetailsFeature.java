package io.bankssandbox.internal.entities;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.state.DomainException;

/** {@code GET /v0/entities/{id}} and {@code GET /v0/entities/{id}/lockbox}. */
public final class EntityDetailsFeature implements Feature {
    private final SandboxRuntime runtime;

    public EntityDetailsFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/entities/{entity_id}", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                EntityView.of(EntityDirectory.get(state, request.caller(), request.path("entity_id"))))));
        api.get("/v0/entities/{entity_id}/lockbox", ErrorShape.NEST, request -> runtime.state().read(state -> {
            String id = request.path("entity_id");
            Entity entity = EntityDirectory.get(state, request.caller(), id);
            if (entity.lockboxAddress() == null) {
                throw DomainException.notFound("Lockbox of entity", id);
            }
            return ApiResponse.ok(entity.lockboxAddress());
        }));
    }
}
