package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.cards.Card;
import java.time.Instant;

/** A card was issued through the API. */
public record CardIssued(Card card) implements StatusChanged {
    @Override
    public Instant occurredAt() {
        return card.createdAt();
    }

    @Override
    public String type() {
        return "card.created";
    }

    @Override
    public String id() {
        return card.id();
    }
}
