package io.bankssandbox.internal.ach;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.clock.TimeMachine;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.Cursors;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.PageView;
import io.bankssandbox.internal.state.SandboxState;
import java.util.function.Function;

/**
 * Inbound ACH transfers: {@code GET /v0/inbound-ach-transfers} (and one by id), their automatic
 * resolution on the clock, and the control routes that simulate arrivals, move transfers by hand
 * and simulate insurance payments (an ACH credit plus its ERA).
 */
public final class InboundAchFeature implements Feature {
    private final SandboxRuntime runtime;

    public InboundAchFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/inbound-ach-transfers", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                PageView.of(InboundAchLifecycle.list(state, request.caller(), request.query("account_id"),
                        Cursors.decode(request.query("cursor")), request.queryInt("limit"))))));
        api.get("/v0/inbound-ach-transfers/{id}", ErrorShape.NEST, request -> runtime.state().read(state ->
                ApiResponse.ok(InboundAchLifecycle.get(state, request.caller(), request.path("id")))));
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/inbound-ach-transfers", ErrorShape.NEST, InboundAchLifecycle.Arrival.class,
                (request, arrival) -> created(state -> {
                    InboundAchTransfer transfer = InboundAchLifecycle.arrive(state, arrival, runtime.clock().now());
                    resolveDue(state);
                    return state.table(InboundAchTransfer.TABLE).get(transfer.id());
                }));
        control.post("/_sandbox/inbound-ach-transfers/{id}/accept", ErrorShape.NEST, request -> moved(state ->
                InboundAchLifecycle.accept(state, request.path("id"), runtime.clock().now())));
        control.post("/_sandbox/inbound-ach-transfers/{id}/decline", ErrorShape.NEST, request -> moved(state ->
                InboundAchLifecycle.decline(state, request.path("id"), request.bodyText("reason"),
                        runtime.clock().now())));
        control.post("/_sandbox/inbound-ach-transfers/{id}/return", ErrorShape.NEST, request -> moved(state ->
                InboundAchLifecycle.returnTransfer(state, request.path("id"), request.bodyText("reason"),
                        runtime.clock().now())));
    }

    @Override
    public void transitions(TimeMachine timeMachine) {
        timeMachine.register(InboundAchLifecycle.RESOLVE, InboundAchLifecycle::resolve);
    }

    @Override
    public void schedule(SandboxState state) {
        InboundAchLifecycle.scheduleAll(state);
    }

    private ApiResponse created(Function<SandboxState, Object> action) {
        return new ApiResponse(201, runtime.state().write(action), "application/json", null, null);
    }

    private ApiResponse moved(Function<SandboxState, InboundAchTransfer> action) {
        return ApiResponse.ok(runtime.state().write(state -> action.apply(state)));
    }

    /** A transfer told to resolve now resolves before the answer, as the clock would have it. */
    private void resolveDue(SandboxState state) {
        runtime.timeMachine().applyDue(state, runtime.clock().now());
    }
}
