package io.bankssandbox.events;

import io.bankssandbox.cards.Card;
import java.time.Instant;

/** A card was canceled: later authorizations decline {@code card_canceled}. */
public record CardCanceled(Card card, Instant occurredAt) implements StatusChanged {
    @Override
    public String type() {
        return "card.canceled";
    }

    @Override
    public String id() {
        return card.id();
    }
}
