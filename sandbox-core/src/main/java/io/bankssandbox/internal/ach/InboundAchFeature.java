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
                (request, arrival) -> new ApiResponse(201, simulate(arrival), "application/json", null, null));
        control.post("/_sandbox/inbound-ach-transfers/{id}/accept", ErrorShape.NEST, request ->
                ApiResponse.ok(accept(request.path("id"))));
        control.post("/_sandbox/inbound-ach-transfers/{id}/decline", ErrorShape.NEST, request ->
                ApiResponse.ok(decline(request.path("id"), request.bodyText("reason"))));
        control.post("/_sandbox/inbound-ach-transfers/{id}/return", ErrorShape.NEST, request ->
                ApiResponse.ok(returnTransfer(request.path("id"), request.bodyText("reason"))));
    }

    /*
     * The simulations: the control routes' and the typed handle's one way in.
     */

    /** A transfer arrives; one told to resolve by now resolves before the answer, as the clock would have it. */
    public InboundAchTransfer simulate(InboundAchLifecycle.Arrival arrival) {
        return runtime.state().write(state -> {
            InboundAchTransfer transfer = InboundAchLifecycle.arrive(state, arrival, runtime.clock().now());
            runtime.timeMachine().applyDue(state, runtime.clock().now());
            return state.table(InboundAchTransfer.TABLE).get(transfer.id());
        });
    }

    public InboundAchTransfer accept(String id) {
        return runtime.state().write(state -> InboundAchLifecycle.accept(state, id, runtime.clock().now()));
    }

    /** {@code reason} null for the default, {@code payment_stopped}. */
    public InboundAchTransfer decline(String id, String reason) {
        return runtime.state().write(state -> InboundAchLifecycle.decline(state, id, reason, runtime.clock().now()));
    }

    public InboundAchTransfer returnTransfer(String id, String reason) {
        return runtime.state().write(state -> InboundAchLifecycle.returnTransfer(state, id, reason, runtime.clock().now()));
    }

    @Override
    public void transitions(TimeMachine timeMachine) {
        timeMachine.register(InboundAchLifecycle.RESOLVE, InboundAchLifecycle::resolve);
    }

    @Override
    public void schedule(SandboxState state) {
        InboundAchLifecycle.scheduleAll(state);
    }
}
