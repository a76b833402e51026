package io.bankssandbox.internal.era;

import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.clock.TimeMachine;
import io.bankssandbox.internal.lockbox.MailItem;
import io.bankssandbox.internal.lockbox.MailItemView;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Instant;

/**
 * {@code GET /v0/transactions/{id}/era}: the remittance advice of an insurance payment; and
 * {@code POST /_sandbox/insurance-payments}, which simulates one (its ACH credit or lockbox check, and
 * its ERA), and the clock's transitions of the halves that arrive later ({@link EraArrivals}).
 */
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

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/insurance-payments", ErrorShape.NEST, InsurancePayments.Payment.class,
                (request, payment) -> new ApiResponse(201, receive(payment), "application/json", null, null));
        // an ERA as JSON by its id or its remittance's, paid or not: what the Java handle's eras() read over HTTP
        control.get("/_sandbox/eras/{era_id}", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                EraView.of(EraDirectory.get(state, request.caller(), request.path("era_id"))))));
        control.get("/_sandbox/remittances/{remittance_id}/era", ErrorShape.NEST, request -> runtime.state().read(state ->
                ApiResponse.ok(EraView.of(Remittances.get(state, request.caller(), request.path("remittance_id"))))));
    }

    /**
     * An insurance payment arrives: the control route's and the typed handle's one way in. A half
     * delayed by 0 arrives before the answer, as the clock would have it.
     */
    public InsurancePaymentView receive(InsurancePayments.Payment payment) {
        return runtime.state().write(state -> {
            Instant now = runtime.clock().now();
            InsurancePayments.Received received = InsurancePayments.receive(state, payment, now);
            runtime.timeMachine().applyDue(state, now);
            Era era = state.table(Era.TABLE).get(received.era().id());
            if (received.mailItem() != null) {
                return new InsurancePaymentView.ByCheck(
                        MailItemView.of(state.table(MailItem.TABLE).get(received.mailItem().id())), EraView.of(era));
            }
            InboundAchTransfer transfer = received.transfer() != null
                    ? state.table(InboundAchTransfer.TABLE).get(received.transfer().id())
                    : era.paymentArrivesAt() == null ? InsurancePayments.transferOf(state, era, payment.accountId()) : null;
            return new InsurancePaymentView.ByAch(transfer, EraView.of(era));
        });
    }

    @Override
    public void transitions(TimeMachine timeMachine) {
        timeMachine.register(EraArrivals.RECEIVE, EraArrivals::receive);
        timeMachine.register(EraArrivals.PAYMENT_ARRIVES, EraArrivals::paymentArrives);
    }

    @Override
    public void schedule(SandboxState state) {
        EraArrivals.scheduleAll(state);
    }
}
