package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.clock.TimeMachine;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.Cursors;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.HttpPipeline;
import io.bankssandbox.internal.http.PageView;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;

/**
 * {@code POST /v0/cards}, {@code GET} and {@code DELETE /v0/cards/{card_id}}, the operator's list
 * {@code GET /_sandbox/cards} (web-app cards included), the simulated card payment
 * {@code POST /_sandbox/cards/{card_id}/authorizations}, and the held ones' moves under
 * {@code /_sandbox/card-authorizations} (settle, reverse, expiry on the clock).
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
        control.get("/_sandbox/cards", ErrorShape.NEST, request -> ApiResponse.ok(PageView.of(cards(request.query("account_id"),
                Cursors.decode(request.query("cursor")), request.queryInt("limit")))));
        holdRoutes(control);
    }

    /**
     * A page of every card (or one account's), oldest first, web-app ones included, each as
     * {@code GET /v0/cards/{card_id}} renders it: the list route's and the typed handle's one way in.
     */
    public Page<CardView> cards(String accountId, SortKey after, int limit) {
        return runtime.state().read(state -> {
            Page<Card> page = CardIssuer.list(state, accountId, after, limit);
            CardPolicy policy = state.setting(CardPolicy.SETTING);
            return new Page<>(page.items().stream().map(card -> CardView.of(card, policy)).toList(), page.hasNext(), page.last());
        });
    }

    /** A card payment decided (and booked when approved): the control route's and the typed handle's one way in. */
    public CardAuthorizer.Decision authorize(String cardId, CardAuthorizer.PaymentRequest payment) {
        return runtime.state().write(state -> CardAuthorizer.authorize(state, cardId, payment, runtime.clock().now()));
    }

    // ---- held authorizations ------------------------------------------------------

    private void holdRoutes(ApiRouter control) {
        control.get("/_sandbox/card-authorizations", ErrorShape.NEST, request -> ApiResponse.ok(PageView.of(
                authorizations(request.query("card_id"), request.query("status"), Cursors.decode(request.query("cursor")),
                        request.queryInt("limit")))));
        control.get("/_sandbox/card-authorizations/{card_authorization_id}", ErrorShape.NEST, request ->
                ApiResponse.ok(authorization(request.path("card_authorization_id"))));
        control.post("/_sandbox/card-authorizations/{card_authorization_id}/settle", ErrorShape.NEST,
                CardHolds.Settlement.class, (request, settlement) ->
                        ApiResponse.ok(settle(request.path("card_authorization_id"), settlement)));
        control.post("/_sandbox/card-authorizations/{card_authorization_id}/reverse", ErrorShape.NEST, request ->
                ApiResponse.ok(reverse(request.path("card_authorization_id"))));
    }

    /** A page of held authorizations, newest first: the list route's and the typed handle's one way in. */
    public Page<CardAuthorization> authorizations(String cardId, String status, SortKey after, int limit) {
        return runtime.state().read(state -> CardHolds.list(state, cardId, status, after, limit));
    }

    /** One held authorization: the route's and the typed handle's one way in. */
    public CardAuthorization authorization(String id) {
        return runtime.state().read(state -> CardHolds.get(state, id));
    }

    /** The merchant captures a held authorization: the settle route's and the typed handle's one way in. */
    public CardAuthorization settle(String id, CardHolds.Settlement settlement) {
        return runtime.state().write(state -> CardHolds.settle(state, id, settlement, runtime.clock().now()));
    }

    /** The merchant releases a held authorization: the reverse route's and the typed handle's one way in. */
    public CardAuthorization reverse(String id) {
        return runtime.state().write(state -> CardHolds.reverse(state, id, runtime.clock().now()));
    }

    @Override
    public void transitions(TimeMachine timeMachine) {
        timeMachine.register(CardHolds.EXPIRE, CardHolds::expire);
    }

    @Override
    public void schedule(SandboxState state) {
        CardHolds.schedule(state);
    }
}
