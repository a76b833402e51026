package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.Cursors;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.PageView;

/**
 * The vendor's live lockbox routes beyond its first published specification: {@code GET /v0/entities/{id}/mail} (provider
 * mail seen from the entity, paginated), {@code GET /v0/check-deposits} and
 * {@code GET /v0/check-deposits/{id}}, and {@code GET /v0/files/{id}} (a mail item's scan as PDF);
 * and the control routes that move a check deposit to the statuses mail alone never produces:
 * {@code POST /_sandbox/check-deposits/{id}/submit} (pending to submitted) and
 * {@code POST /_sandbox/check-deposits/{id}/return} (submitted to returned).
 */
public final class LiveLockboxFeature implements Feature {
    private final SandboxRuntime runtime;

    public LiveLockboxFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/entities/{entity_id}/mail", ErrorShape.NEST, request -> {
            ReceivedWindow window = ReceivedWindow.parse(request.query(ReceivedWindow.ON_OR_AFTER),
                    request.query(ReceivedWindow.ON_OR_BEFORE));
            return runtime.state().read(state -> ApiResponse.ok(PageView.of(
                    LockboxMail.pageForEntity(state, request.caller(), request.path("entity_id"), window,
                            Cursors.decode(request.query("cursor")), request.queryInt("limit")),
                    EntityMailItemView::of)));
        });
        api.get("/v0/check-deposits", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                PageView.of(CheckDeposits.list(state, request.caller(), request.query("account_id"),
                        Cursors.decode(request.query("cursor")), request.queryInt("limit")), CheckDepositView::of))));
        api.get("/v0/check-deposits/{check_deposit_id}", ErrorShape.NEST, request -> runtime.state().read(state ->
                ApiResponse.ok(CheckDepositView.of(CheckDeposits.get(state, request.caller(),
                        request.path("check_deposit_id"))))));
        api.get("/v0/files/{file_id}", ErrorShape.NEST, request -> {
            MailScan.Contents contents = runtime.state().read(state ->
                    MailScan.find(state, request.caller(), request.path("file_id")));
            // rendered outside the state lock: rows are immutable, and a PDF takes milliseconds
            return ApiResponse.raw("application/pdf", MailScan.render(contents));
        });
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/check-deposits/{check_deposit_id}/submit", ErrorShape.NEST, request ->
                ApiResponse.ok(submit(request.caller(), request.path("check_deposit_id"))));
        control.post("/_sandbox/check-deposits/{check_deposit_id}/return", ErrorShape.NEST, request ->
                ApiResponse.ok(returnDeposit(request.caller(), request.path("check_deposit_id"),
                        request.bodyText("reason"))));
    }

    /** A pending check is deposited: the control route's and the typed handle's one way in. */
    public CheckDepositView submit(Caller caller, String checkDepositId) {
        return runtime.state().write(state -> CheckDepositView.of(LockboxMail.submit(state, caller, checkDepositId,
                runtime.clock().now())));
    }

    /** The paying bank sends a deposited check back; {@code reason} null for the default. */
    public CheckDepositView returnDeposit(Caller caller, String checkDepositId, String reason) {
        return runtime.state().write(state -> CheckDepositView.of(LockboxMail.returnDeposit(state, caller,
                checkDepositId, reason, runtime.clock().now())));
    }
}
