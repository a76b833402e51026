package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.clock.TimeMachine;
import io.bankssandbox.internal.entities.EntityDirectory;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.DataList;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Instant;

/**
 * {@code GET /v0/providers/{provider_id}}, {@code GET /v0/providers/{provider_id}/mail}, the
 * simulation {@code POST /_sandbox/providers/{id}/mail}, and check holds releasing on the clock.
 */
public final class LockboxFeature implements Feature {
    private final SandboxRuntime runtime;

    public LockboxFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/providers/{provider_id}", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                ProviderView.of(EntityDirectory.provider(state, request.caller(), request.path("provider_id"))))));
        api.get("/v0/providers/{provider_id}/mail", ErrorShape.NEST, request -> {
            ReceivedWindow window = ReceivedWindow.parse(request.query(ReceivedWindow.ON_OR_AFTER),
                    request.query(ReceivedWindow.ON_OR_BEFORE));
            return runtime.state().read(state -> ApiResponse.ok(new DataList<>(
                    LockboxMail.list(state, request.caller(), request.path("provider_id"), window).stream()
                            .map(MailItemView::of).toList())));
        });
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/providers/{provider_id}/mail", ErrorShape.NEST, LockboxMail.IncomingMail.class,
                (request, mail) -> ApiResponse.created(receive(request.caller(), request.path("provider_id"), mail),
                        null, null));
    }

    /** Mail arrives at a provider's lockbox: the control route's and the typed handle's one way in. */
    public MailItemView receive(Caller caller, String providerId, LockboxMail.IncomingMail mail) {
        return runtime.state().write(state -> {
            Instant now = runtime.clock().now();
            MailItem item = LockboxMail.receive(state, caller, providerId, mail, now);
            // Mail dated far enough back has holds already due: release them now, so the answer is current.
            runtime.timeMachine().applyDue(state, now);
            return MailItemView.of(state.table(MailItem.TABLE).get(item.id()));
        });
    }

    @Override
    public void transitions(TimeMachine timeMachine) {
        timeMachine.register(LockboxMail.HOLD_RELEASE, LockboxMail::releaseHold);
    }

    @Override
    public void schedule(SandboxState state) {
        LockboxMail.schedule(state);
    }
}
