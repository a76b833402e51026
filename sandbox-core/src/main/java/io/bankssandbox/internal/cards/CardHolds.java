package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.accounts.Ledger;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.state.Command;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Card payments that hold first and settle later: a held authorization lowers the
 * account's {@code available_balance} by its amount and posts nothing; it then settles (one
 * {@code card_settlement} transaction of the settled amount, whatever it is), is reversed, or expires
 * when the clock passes its {@code expires_at}. Each of those releases the hold. Only a pending
 * authorization moves: any other is a conflict. The control API sees every card, web-app ones included,
 * and a card's status does not matter once the hold is placed (a merchant's capture of an authorization
 * made before the card was canceled still settles, as issuers honour it).
 */
public final class CardHolds {
    /** How long a hold lasts unless settled or reversed first. */
    public static final Duration LIFETIME = Duration.ofDays(7);
    /** The clock's transition: a pending authorization expires. */
    public static final String EXPIRE = "card_authorization.expire";

    /**
     * A merchant's capture ({@code POST /_sandbox/card-authorizations/{id}/settle}): {@code amount} in
     * cents, or null for the amount held. Any positive amount: lower for a partial capture, higher for a
     * tip. That it is positive is the schema's rule (the request's, which the typed handle checks too).
     */
    public record Settlement(Long amount) implements Command {
        @Override
        public List<String> violations() {
            return List.of();
        }
    }

    private CardHolds() {}

    /** Places the hold of an approved held payment; the decision is the caller's (CardAuthorizer). */
    static CardAuthorization hold(SandboxState state, Card card, CardAuthorizer.PaymentRequest payment, Instant now) {
        CardAuthorization held = new CardAuthorization(state.ids.next("card_authorization_"), card.id(),
                card.bankAccountId(), payment.amount(), payment.merchantCategoryCode(), payment.merchantCountry(),
                CardAuthorization.PENDING, now, now.plus(LIFETIME), null, null, null, null, null);
        state.table(CardAuthorization.TABLE).put(held);
        Ledger.moveAvailable(state, card.bankAccountId(), -held.amount());
        state.timeline.schedule(held.expiresAt(), EXPIRE, held.id());
        state.events.publish(new CardAuthorizationMoved(held, CardAuthorizationMoved.CREATED, now));
        return held;
    }

    /** One authorization, web-app cards' included; unknown: not found. */
    public static CardAuthorization get(SandboxState state, String id) {
        CardAuthorization authorization = state.table(CardAuthorization.TABLE).get(id);
        if (authorization == null) {
            throw DomainException.notFound("Card authorization", id);
        }
        return authorization;
    }

    /**
     * Authorizations newest first: of one card when {@code cardId} is given (an unknown card: not
     * found), else of every card; of one status when {@code status} is given.
     */
    public static Page<CardAuthorization> list(SandboxState state, String cardId, String status, SortKey after,
                                               int limit) {
        if (cardId != null && state.table(Card.TABLE).get(cardId) == null) {
            throw DomainException.notFound("Card", cardId);
        }
        return state.table(CardAuthorization.TABLE).page(cardId == null ? null : List.of(cardId),
                a -> status == null || status.equals(a.status()), after, limit);
    }

    /**
     * The merchant captures it: the hold is released and one {@code card_settlement} transaction of
     * minus the settled amount posts, in one move of the account (available: the held amount back,
     * the settled amount out). The settlement is not a new authorization: no limit or funds check, so a
     * capture above the available balance takes the account below zero, as an issuer's forced post does.
     */
    public static CardAuthorization settle(SandboxState state, String id, Settlement settlement, Instant now) {
        Command.requireValid(settlement);
        CardAuthorization authorization = pending(state, id, "settled");
        long settled = settlement.amount() == null ? authorization.amount() : settlement.amount();
        Transaction debit = Ledger.post(state, null, authorization.accountId(), -settled,
                authorization.amount() - settled, now, "Card payment", "card_settlement", authorization.cardId(), null,
                authorization.id());
        CardAuthorization moved = authorization.settled(settled, now, debit.id());
        state.table(CardAuthorization.TABLE).put(moved);
        state.events.publish(new CardAuthorizationMoved(moved, CardAuthorizationMoved.SETTLED, now));
        return moved;
    }

    /** The merchant lets it go: the hold is released and nothing posts. */
    public static CardAuthorization reverse(SandboxState state, String id, Instant now) {
        CardAuthorization authorization = pending(state, id, "reversed");
        Ledger.moveAvailable(state, authorization.accountId(), authorization.amount());
        CardAuthorization moved = authorization.reversed(now);
        state.table(CardAuthorization.TABLE).put(moved);
        state.events.publish(new CardAuthorizationMoved(moved, CardAuthorizationMoved.REVERSED, now));
        return moved;
    }

    /**
     * The timeline's expiry: a pending authorization whose {@code expires_at} has come is released and
     * becomes {@code expired}. Nothing happens to one that moved meanwhile.
     */
    public static void expire(SandboxState state, String id, Instant at) {
        CardAuthorization authorization = state.table(CardAuthorization.TABLE).get(id);
        if (authorization == null || !authorization.pending() || at.isBefore(authorization.expiresAt())) {
            return;
        }
        Ledger.moveAvailable(state, authorization.accountId(), authorization.amount());
        CardAuthorization moved = authorization.expired(at);
        state.table(CardAuthorization.TABLE).put(moved);
        state.events.publish(new CardAuthorizationMoved(moved, CardAuthorizationMoved.EXPIRED, at));
    }

    /** Puts the expiry of every pending authorization on the timeline (fixtures, an import, a restart). */
    public static void schedule(SandboxState state) {
        for (CardAuthorization authorization : state.table(CardAuthorization.TABLE).all()) {
            if (authorization.pending()) {
                state.timeline.schedule(authorization.expiresAt(), EXPIRE, authorization.id());
            }
        }
    }

    private static CardAuthorization pending(SandboxState state, String id, String move) {
        CardAuthorization authorization = get(state, id);
        if (!authorization.pending()) {
            throw DomainException.conflict("Card authorization " + id + " is " + authorization.status()
                    + "; only a pending card authorization can be " + move);
        }
        return authorization;
    }
}
