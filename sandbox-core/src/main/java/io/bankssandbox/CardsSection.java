package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.cards.CardAuthorizer;
import io.bankssandbox.internal.cards.CardIssuer;
import io.bankssandbox.internal.cards.CardPolicy;
import io.bankssandbox.internal.cards.CardView;
import io.bankssandbox.internal.cards.CardsFeature;

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
    public CardDecision authorize(String cardId, long amount, String merchantCategoryCode) {
        return authorize(cardId, CardPayment.of(amount, merchantCategoryCode));
    }

    @Override
    public CardDecision authorize(String cardId, CardPayment payment) {
        CardAuthorizer.PaymentRequest request = new CardAuthorizer.PaymentRequest(payment.amount(),
                payment.merchantCategoryCode(), payment.merchantCountry());
        operator.check("POST", "/_sandbox/cards/{card_id}/authorizations", request);
        return operator.call(() -> Values.decision(operator.feature(CardsFeature.class).authorize(cardId, request)));
    }
}
