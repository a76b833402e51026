package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.control.ControlCalls;
import java.util.Map;

/** Card payments as the network would ask for them ({@code POST /_sandbox/cards/{id}/authorizations}). */
public final class CardControls {
    private final ControlCalls calls;

    public CardControls(ControlCalls calls) {
        this.calls = calls;
    }

    /** A payment in the US; an approved one debits both balances and counts toward the card's limits. */
    public CardAuthorizer.Decision authorize(String cardId, long amount, String merchantCategoryCode) {
        return authorize(cardId, new CardAuthorizer.PaymentRequest(amount, merchantCategoryCode, null));
    }

    public CardAuthorizer.Decision authorize(String cardId, CardAuthorizer.PaymentRequest payment) {
        return calls.post(CardAuthorizer.Decision.class, "/_sandbox/cards/{card_id}/authorizations",
                Map.of("card_id", cardId), payment);
    }
}
