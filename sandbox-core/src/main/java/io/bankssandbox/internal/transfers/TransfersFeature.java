package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.clock.TimeMachine;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.CommandHandler;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.HttpPipeline;
import io.bankssandbox.internal.http.RouteHandler;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.transactions.TransactionView;
import io.bankssandbox.internal.transactions.TransactionsFeature;
import java.util.function.BiFunction;

/**
 * Money the account holder sends: book transfers between its accounts
 * ({@code /v0/book-transfer}, alias {@code /v0/internal-transfer}) and outbound ACH transfers to its
 * external accounts ({@code /v0/ach-transfer}), with the control routes that move an ACH transfer
 * by hand.
 */
public final class TransfersFeature implements Feature {
    private static final String BOOK_TRANSFER = "book_transfer";

    private final SandboxRuntime runtime;

    public TransfersFeature(SandboxRuntime runtime, HttpPipeline pipeline) {
        this.runtime = runtime;
        pipeline.registerReplay(BOOK_TRANSFER, (caller, id) -> runtime.state().read(state ->
                BookTransfers.get(state, caller, id)));
    }

    @Override
    public void routes(ApiRouter api) {
        CommandHandler<BookTransfers.Move> createBook = (request, move) -> runtime.state().write(state -> {
            BookTransfer transfer = BookTransfers.create(state, request.caller(), move, runtime.clock().now());
            return ApiResponse.created(transfer, BOOK_TRANSFER, transfer.id());
        });
        RouteHandler getBook = request -> runtime.state().read(state -> ApiResponse.ok(
                BookTransfers.get(state, request.caller(), request.path("book_transfer_id"))));
        api.post("/v0/book-transfer", ErrorShape.NEST, BookTransfers.Move.class, createBook);
        api.post("/v0/internal-transfer", ErrorShape.NEST, BookTransfers.Move.class, createBook);
        api.get("/v0/book-transfer/{book_transfer_id}", ErrorShape.NEST, getBook);
        api.get("/v0/internal-transfer/{book_transfer_id}", ErrorShape.NEST, getBook);

        api.post("/v0/ach-transfer", ErrorShape.NEST, AchTransfers.Send.class, (request, send) ->
                runtime.state().write(state -> {
                    AchTransfers.Sent sent = AchTransfers.create(state, request.caller(), send, runtime.clock().now());
                    return ApiResponse.created(TransactionView.of(sent.transaction()), TransactionsFeature.REPLAY_KIND,
                            sent.transaction().id());
                }));
        api.get("/v0/ach-transfer/{ach_transfer_id}", ErrorShape.NEST, request -> runtime.state().read(state ->
                ApiResponse.ok(AchTransferView.of(AchTransfers.get(state, request.caller(),
                        request.path("ach_transfer_id"))))));
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/ach-transfers/{ach_transfer_id}/approve", ErrorShape.NEST,
                request -> ApiResponse.ok(approve(request.path("ach_transfer_id"))));
        control.post("/_sandbox/ach-transfers/{ach_transfer_id}/reject", ErrorShape.NEST,
                request -> ApiResponse.ok(reject(request.path("ach_transfer_id"))));
        control.post("/_sandbox/ach-transfers/{ach_transfer_id}/cancel", ErrorShape.NEST,
                request -> ApiResponse.ok(cancel(request.path("ach_transfer_id"))));
        control.post("/_sandbox/ach-transfers/{ach_transfer_id}/return", ErrorShape.NEST,
                request -> ApiResponse.ok(returnTransfer(request.path("ach_transfer_id"), request.bodyText("reason"))));
    }

    /*
     * Outbound ACH transfers moved by hand: the control routes' and the typed handle's one way in.
     */

    public AchTransferView approve(String achTransferId) {
        return move(state -> AchTransfers.approve(state, achTransferId, runtime.clock().now()));
    }

    public AchTransferView reject(String achTransferId) {
        return move(state -> AchTransfers.reject(state, achTransferId, runtime.clock().now()));
    }

    public AchTransferView cancel(String achTransferId) {
        return move(state -> AchTransfers.cancel(state, achTransferId, runtime.clock().now()));
    }

    /** {@code reason} null for the default. */
    public AchTransferView returnTransfer(String achTransferId, String reason) {
        return move(state -> AchTransfers.returnTransfer(state, achTransferId, reason, runtime.clock().now()));
    }

    @Override
    public void transitions(TimeMachine timeMachine) {
        timeMachine.register(AchTransfers.SUBMIT, AchTransfers::submit);
        timeMachine.register(AchTransfers.SETTLE, AchTransfers::settle);
    }

    @Override
    public void schedule(SandboxState state) {
        for (AchTransfer transfer : state.table(AchTransfer.TABLE).all()) {
            AchTransfers.scheduleNext(state, transfer);
        }
    }

    private AchTransferView move(java.util.function.Function<SandboxState, AchTransfer> step) {
        return runtime.state().write(state -> AchTransferView.of(step.apply(state)));
    }
}
