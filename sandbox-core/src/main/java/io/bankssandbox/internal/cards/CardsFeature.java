package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.HttpPipeline;

/**
 * {@code POST /v0/cards}, {@code GET} and {@code DELETE /v0/cards/{card_id}}, and the simulated card
 * payment {@code POST /_sandbox/cards/{card_id}/authorizations}.
 */
public final class CardsFeature implements Feature {
    private final SandboxRuntime runtime;

    public CardsFeature(SandboxRuntime runtime, HttpPipeline pipeline) {
        this.runtime = runtime;
        pipeline.registerReplay("card", (caller, id) -> runtime.state().read(state ->
                CardView.of(CardIssuer.get(state, caller, id), state.setting(CardPolicy.SETTING))));
    }

    @Override
    public void routes(ApiRouter api) {
        api.post("/v0/cards", ErrorShape.NEST, CardIssuer.IssueCard.class, (request, command) ->
                runtime.state().write(state -> {
                    Card card = CardIssuer.issue(state, request.caller(), command, runtime.clock().now());
                    return ApiResponse.created(CardView.of(card, state.setting(CardPolicy.SETTING)), "card", card.id());
                }));
        api.get("/v0/cards/{card_id}", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                CardView.of(CardIssuer.get(state, request.caller(), request.path("card_id")), state.setting(CardPolicy.SETTING)))));
        api.delete("/v0/cards/{card_id}", ErrorShape.NEST, request -> runtime.state().write(state -> ApiResponse.ok(
                CardView.of(CardIssuer.cancel(state, request.caller(), request.path("card_id"), runtime.clock().now()), state.setting(CardPolicy.SETTING)))));
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.post("/_sandbox/cards/{card_id}/authorizations", ErrorShape.NEST, CardAuthorizer.PaymentRequest.class,
                (request, payment) -> ApiResponse.ok(authorize(request.path("card_id"), payment)));
    }

    /** A card payment decided (and booked when approved): the control route's and the typed handle's one way in. */
    public CardAuthorizer.Decision authorize(String cardId, CardAuthorizer.PaymentRequest payment) {
        return runtime.state().write(state -> CardAuthorizer.authorize(state, cardId, payment, runtime.clock().now()));
    }
}
