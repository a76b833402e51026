package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.events.StatusChanged;
import java.time.Instant;

/**
 * A held card authorization came to be or moved: {@code card_authorization.created} (a hold placed),
 * {@code .settled}, {@code .reversed}, {@code .expired} (the clock passed its {@code expires_at}; the
 * clock's advance reports it). None of these is a webhook: a settlement's money reaches receivers as
 * the {@code transaction.created} of its transaction.
 */
public record CardAuthorizationMoved(CardAuthorization authorization, String type, Instant occurredAt)
        implements StatusChanged {
    public static final String CREATED = "card_authorization.created";
    public static final String SETTLED = "card_authorization.settled";
    public static final String REVERSED = "card_authorization.reversed";
    public static final String EXPIRED = "card_authorization.expired";

    @Override
    public String id() {
        return authorization.id();
    }
}
