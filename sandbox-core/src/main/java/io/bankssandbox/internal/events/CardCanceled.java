package io.bankssandbox.internal.events;

import io.bankssandbox.internal.cards.Card;
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
