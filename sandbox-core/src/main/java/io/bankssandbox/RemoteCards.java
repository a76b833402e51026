package io.bankssandbox;

import io.bankssandbox.internal.cards.CardAuthorizer;
import io.bankssandbox.internal.cards.CardHolds;
import io.bankssandbox.internal.cards.CardView;
import java.util.List;

/**
 * {@link Sandbox.Cards} over HTTP: {@code GET /_sandbox/cards}, {@code GET /v0/cards/{id}} as the operator,
 * card payments and held authorizations on the control API.
 */
final class RemoteCards implements Sandbox.Cards {
    private static final String AUTHORIZATIONS = "/_sandbox/card-authorizations";

    private final ControlApi api;

    RemoteCards(ControlApi api) {
        this.api = api;
    }

    @Override
    public List<Card> all() {
        return ofAccount(null);
    }

    @Override
    public List<Card> ofAccount(String accountId) {
        return api.decodeEach(api.everyPage(ControlApi.query("/_sandbox/cards", "account_id", accountId)), CardView.class)
                .stream().map(Values::card).toList();
    }

    @Override
    public Card named(String nickname) {
        return NamedLookup.one("card", all(), Card::nickname, nickname);
    }

    @Override
    public Card get(String cardId) {
        return Values.card(api.decode(api.get("/v0/cards/" + ControlApi.segment(cardId)), CardView.class));
    }

    @Override
    public CardDecision authorize(String cardId, CardPayment payment) {
        return Values.decision(api.decode(api.post("/_sandbox/cards/" + ControlApi.segment(cardId) + "/authorizations",
                Values.paymentRequest(payment)), CardAuthorizer.Decision.class));
    }

    @Override
    public CardAuthorization authorization(String authorizationId) {
        return held(api.get(AUTHORIZATIONS + "/" + ControlApi.segment(authorizationId)));
    }

    @Override
    public List<CardAuthorization> authorizations(String cardId) {
        return api.decodeEach(api.everyPage(ControlApi.query(AUTHORIZATIONS, "card_id", cardId)),
                io.bankssandbox.internal.cards.CardAuthorization.class).stream().map(Values::cardAuthorization).toList();
    }

    @Override
    public CardAuthorization settle(String authorizationId) {
        return settle(authorizationId, new CardHolds.Settlement(null));
    }

    @Override
    public CardAuthorization settle(String authorizationId, long amount) {
        return settle(authorizationId, new CardHolds.Settlement(amount));
    }

    private CardAuthorization settle(String authorizationId, CardHolds.Settlement settlement) {
        return held(api.post(AUTHORIZATIONS + "/" + ControlApi.segment(authorizationId) + "/settle", settlement));
    }

    @Override
    public CardAuthorization reverse(String authorizationId) {
        return held(api.post(AUTHORIZATIONS + "/" + ControlApi.segment(authorizationId) + "/reverse", null));
    }

    private CardAuthorization held(com.fasterxml.jackson.databind.JsonNode answer) {
        return Values.cardAuthorization(api.decode(answer, io.bankssandbox.internal.cards.CardAuthorization.class));
    }
}
