package io.bankssandbox.internal.era;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.Cursors;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.PageView;
import io.bankssandbox.internal.lockbox.ReceivedWindow;

/** {@code GET /v0/remittances?entity_id=} and {@code GET /v0/remittances/{id}/era} (the raw X12 835). */
public final class RemittancesFeature implements Feature {
    static final String UPDATED_SINCE = "updated_since";
    static final String RECEIVED_ON_OR_AFTER = "received_on_or_after";
    static final String RECEIVED_ON_OR_BEFORE = "received_on_or_before";

    private final SandboxRuntime runtime;
    private final Era835 x12 = new Era835();

    public RemittancesFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/remittances", ErrorShape.NEST, request -> {
            Remittances.Filter filter = filter(request.query(UPDATED_SINCE), request.query(RECEIVED_ON_OR_AFTER),
                    request.query(RECEIVED_ON_OR_BEFORE), request.query("payer"));
            return runtime.state().read(state -> ApiResponse.ok(PageView.of(
                    Remittances.list(state, request.caller(), request.query("entity_id"), filter,
                            Cursors.decode(request.query("cursor")), request.queryInt("limit")),
                    RemittanceView::of)));
        });
        api.get("/v0/remittances/{remittance_id}/era", ErrorShape.NEST, request ->
                ApiResponse.raw("text/plain; charset=utf-8", x12(request.caller(), request.path("remittance_id"))));
    }

    /** The filters from their query values, which their schemas have checked. */
    private static Remittances.Filter filter(String updatedSince, String onOrAfter, String onOrBefore, String payer) {
        return new Remittances.Filter(ReceivedWindow.parse(UPDATED_SINCE, updatedSince, null, null).from(),
                ReceivedWindow.parse(RECEIVED_ON_OR_AFTER, onOrAfter, RECEIVED_ON_OR_BEFORE, onOrBefore), payer);
    }

    /** A remittance's ERA as raw X12 835: the route's and the typed handle's one way in. */
    public String x12(Caller caller, String remittanceId) {
        Remittances.Advice advice = runtime.state().read(state -> Remittances.advice(state, caller, remittanceId));
        // written outside the state lock: an Era and its deposit are immutable
        return x12.write(advice.era(), advice.deposit());
    }
}
