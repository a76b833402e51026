package io.bankssandbox;

import io.bankssandbox.internal.cards.CardAuthorizer;
import io.bankssandbox.internal.cards.CardsFeature;

/** {@link Sandbox.Cards}: the card payment simulation of the control API. */
final class CardsSection implements Sandbox.Cards {
    private final Operator operator;

    CardsSection(Operator operator) {
        this.operator = operator;
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
