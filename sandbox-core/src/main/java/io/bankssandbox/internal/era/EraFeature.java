package io.bankssandbox.internal.era;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.ErrorShape;

/**
 * {@code GET /v0/transactions/{id}/era}: the remittance advice of an insurance payment; and
 * {@code POST /_sandbox/insurance-payments}, which simulates one (its ACH credit and its ERA).
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
    }

    /** An insurance payment arrives: the control route's and the typed handle's one way in. */
    public InsurancePaymentView receive(InsurancePayments.Payment payment) {
        return runtime.state().write(state -> {
            InsurancePayments.Received received = InsurancePayments.receive(state, payment, runtime.clock().now());
            return new InsurancePaymentView(received.transfer(), EraView.of(received.era()));
        });
    }
}
