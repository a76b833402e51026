package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

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
