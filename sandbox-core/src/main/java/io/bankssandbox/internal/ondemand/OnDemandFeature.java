package io.bankssandbox.internal.ondemand;

import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.DataList;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.runtime.Feature;

/**
 * {@code /_sandbox/sandboxes}: start, list, read and close sandboxes of this process over HTTP, so
 * that each test of a suite (a Playwright worker's, say) has a bank of its own in milliseconds.
 */
public final class OnDemandFeature implements Feature {
    public static final String SANDBOXES = "/_sandbox/sandboxes";
    public static final String SANDBOX = SANDBOXES + "/{sandbox_id}";

    private final OnDemandSandboxes sandboxes;

    public OnDemandFeature(OnDemandSandboxes sandboxes) {
        this.sandboxes = sandboxes;
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post(SANDBOXES, ErrorShape.NEST, NewSandbox.class, (request, command) ->
                new ApiResponse(201, sandboxes.create(command, request.baseUrl()), ApiResponse.JSON, null, null));
        control.get(SANDBOXES, ErrorShape.NEST, request -> ApiResponse.ok(new DataList<>(sandboxes.list(request.baseUrl()))));
        control.get(SANDBOX, ErrorShape.NEST,
                request -> ApiResponse.ok(sandboxes.get(request.path("sandbox_id"), request.baseUrl())));
        control.delete(SANDBOX, ErrorShape.NEST, request -> {
            sandboxes.close(request.path("sandbox_id"));
            return ApiResponse.noContent();
        });
    }
}
