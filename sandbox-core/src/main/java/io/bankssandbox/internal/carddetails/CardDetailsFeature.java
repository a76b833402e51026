package io.bankssandbox.internal.carddetails;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.cards.Card;
import io.bankssandbox.internal.cards.CardIssuer;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.HttpPipeline;
import io.bankssandbox.internal.state.DomainException;
import java.time.Duration;
import java.time.Instant;

/**
 * {@code GET /v0/cards/{id}/iframe}: a link, valid five minutes of sandbox time, to a page showing
 * the card's number, expiry and CVV. The page needs no Authorization (it is meant for an iframe
 * in a browser); after expiry it answers 404.
 */
public final class CardDetailsFeature implements Feature {
    public static final Duration LIFETIME = Duration.ofMinutes(5);
    static final String PAGE = "/_sandbox/card-details/";

    private final SandboxRuntime runtime;
    private final CardDetailsLinks links = new CardDetailsLinks();

    public CardDetailsFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    /** What the iframe route answers. */
    public record IframeView(String url, Instant expiresAt) {}

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/cards/{card_id}/iframe", ErrorShape.NEST, request -> runtime.state().read(state -> {
            Card card = CardIssuer.get(state, request.caller(), request.path("card_id"));
            Instant expiresAt = runtime.clock().now().plus(LIFETIME);
            String path = PAGE + links.issue(card.id(), expiresAt);
            return ApiResponse.ok(new IframeView(request.baseUrl() + path, expiresAt));
        }));
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.as(HttpPipeline.Family.PUBLIC).get(PAGE + "{token}", ErrorShape.NEST, request -> {
            CardDetailsLinks.Grant grant = links.read(request.path("token"));
            if (grant == null || !runtime.clock().now().isBefore(grant.expiresAt())) {
                throw DomainException.notFound("Card details page", request.path("token"));
            }
            Card card = runtime.state().read(state -> state.table(Card.TABLE).get(grant.cardId()));
            if (card == null) {
                throw DomainException.notFound("Card details page", request.path("token"));
            }
            return ApiResponse.raw("text/html; charset=utf-8", CardDetailsPage.render(CardDetails.of(card), grant.expiresAt()));
        });
    }
}
