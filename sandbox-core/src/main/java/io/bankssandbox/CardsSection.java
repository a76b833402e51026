package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.cards.CardAuthorizer;
import io.bankssandbox.internal.cards.CardHolds;
import io.bankssandbox.internal.cards.CardIssuer;
import io.bankssandbox.internal.cards.CardPolicy;
import io.bankssandbox.internal.cards.CardView;
import io.bankssandbox.internal.cards.CardsFeature;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SortKey;
import java.util.ArrayList;
import java.util.List;

/** {@link Sandbox.Cards}: the card payment simulation of the control API. */
final class CardsSection implements Sandbox.Cards {
    private final Operator operator;

    CardsSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public Card get(String cardId) {
        return operator.call(() -> Values.card(operator.runtime().state().read(state ->
                CardView.of(CardIssuer.get(state, Caller.OPERATOR, cardId), state.setting(CardPolicy.SETTING)))));
    }

    @Override
    public List<Card> all() {
        return ofAccountOrAll(null);
    }

    @Override
    public List<Card> ofAccount(String accountId) {
        return ofAccountOrAll(accountId);
    }

    /** What GET /_sandbox/cards lists, in one page: an unknown account is the API's 404. */
    private List<Card> ofAccountOrAll(String accountId) {
        return operator.call(() -> operator.feature(CardsFeature.class).cards(accountId, null, Integer.MAX_VALUE)
                .items().stream().map(Values::card).toList());
    }

    @Override
    public Card named(String nickname) {
        return NamedLookup.one("card", all(), Card::nickname, nickname);
    }

    @Override
    public CardDecision authorize(String cardId, CardPayment payment) {
        CardAuthorizer.PaymentRequest request = Values.paymentRequest(payment);
        operator.check("POST", "/_sandbox/cards/{card_id}/authorizations", request);
        return operator.call(() -> Values.decision(operator.feature(CardsFeature.class).authorize(cardId, request)));
    }

    // ---- held authorizations ------------------------------------------------------

    private static final String AUTHORIZATION = "/_sandbox/card-authorizations/{card_authorization_id}";

    @Override
    public CardAuthorization authorization(String authorizationId) {
        return operator.call(() -> Values.cardAuthorization(
                operator.feature(CardsFeature.class).authorization(authorizationId)));
    }

    @Override
    public List<CardAuthorization> authorizations(String cardId) {
        return operator.call(() -> {
            List<CardAuthorization> all = new ArrayList<>();
            SortKey after = null;
            do {
                Page<io.bankssandbox.internal.cards.CardAuthorization> page =
                        operator.feature(CardsFeature.class).authorizations(cardId, null, after, 100);
                page.items().forEach(a -> all.add(Values.cardAuthorization(a)));
                after = page.hasNext() ? page.last() : null;
            } while (after != null);
            return List.copyOf(all);
        });
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
        operator.check("POST", AUTHORIZATION + "/settle", settlement);
        return operator.call(() -> Values.cardAuthorization(
                operator.feature(CardsFeature.class).settle(authorizationId, settlement)));
    }

    @Override
    public CardAuthorization reverse(String authorizationId) {
        return operator.call(() -> Values.cardAuthorization(
                operator.feature(CardsFeature.class).reverse(authorizationId)));
    }
}
