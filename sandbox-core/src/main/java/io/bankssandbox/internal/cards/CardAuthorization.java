package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.state.SortKey;
import io.bankssandbox.internal.state.TableKind;
import java.time.Instant;

/**
 * A card payment approved with {@code "settlement": "held"}: its amount is held on the card's
 * account ({@code available_balance} down, {@code total_balance} as it was, no transaction) until
 * the merchant settles it (one {@code card_settlement} transaction of {@code settledAmount}), it is
 * reversed, or it expires at {@code expiresAt}. The stored record is the answer the control API
 * gives, field for field; the times of the moves are null until they happen.
 *
 * <p>Kept per card, newest first, so that the listing is a page read and a spending-limit window a
 * range read of the card's partition ({@link CardAuthorizer#spentInWindow}).
 */
public record CardAuthorization(
        String id,
        String cardId,
        String accountId,
        long amount,
        String merchantCategoryCode,
        String merchantCountry,
        String status,
        Instant createdAt,
        Instant expiresAt,
        Long settledAmount,
        Instant settledAt,
        String transactionId,
        Instant reversedAt,
        Instant expiredAt) {
    /**
     * This row's table in every sandbox state: {@code state.table(CardAuthorization.TABLE)}; ranked
     * after every older table, so a state document keeps its earlier keys in their order.
     */
    public static final TableKind<CardAuthorization> TABLE = TableKind.newestFirst("card_authorizations", 135,
                    CardAuthorization.class, CardAuthorization::id, a -> new SortKey(a.createdAt(), a.id()),
                    CardAuthorization::cardId)
            .withRowRules(CardAuthorization::rowRules);

    public static final String PENDING = "pending";
    public static final String SETTLED = "settled";
    public static final String REVERSED = "reversed";
    public static final String EXPIRED = "expired";

    public boolean pending() {
        return PENDING.equals(status);
    }

    /**
     * What it counts toward a spending-limit window: the held amount while pending, the settled
     * amount once settled, nothing once reversed or expired.
     */
    public long spend() {
        return switch (status) {
            case PENDING -> amount;
            case SETTLED -> settledAmount == null ? amount : settledAmount;
            default -> 0;
        };
    }

    CardAuthorization settled(long settled, Instant at, String transaction) {
        return new CardAuthorization(id, cardId, accountId, amount, merchantCategoryCode, merchantCountry, SETTLED,
                createdAt, expiresAt, settled, at, transaction, null, null);
    }

    CardAuthorization reversed(Instant at) {
        return new CardAuthorization(id, cardId, accountId, amount, merchantCategoryCode, merchantCountry, REVERSED,
                createdAt, expiresAt, null, null, null, at, null);
    }

    CardAuthorization expired(Instant at) {
        return new CardAuthorization(id, cardId, accountId, amount, merchantCategoryCode, merchantCountry, EXPIRED,
                createdAt, expiresAt, null, null, null, null, at);
    }

    /** The domain's rules on a loaded row: each status carries the fields of its move and no other's. */
    private static java.util.List<String> rowRules(CardAuthorization a) {
        java.util.List<String> problems = new java.util.ArrayList<>();
        if (a.expiresAt() != null && a.createdAt() != null && !a.expiresAt().isAfter(a.createdAt())) {
            problems.add("/expires_at: must be after created_at");
        }
        boolean settled = SETTLED.equals(a.status());
        if (settled != (a.settledAmount() != null)) {
            problems.add("/settled_amount: " + (settled ? "a settled authorization has its settled_amount"
                    : "only a settled authorization has a settled_amount"));
        }
        if (settled != (a.settledAt() != null)) {
            problems.add("/settled_at: " + (settled ? "a settled authorization has its settled_at"
                    : "only a settled authorization has a settled_at"));
        }
        if (settled != (a.transactionId() != null)) {
            problems.add("/transaction_id: " + (settled ? "a settled authorization names its transaction"
                    : "only a settled authorization has a transaction"));
        }
        if (REVERSED.equals(a.status()) != (a.reversedAt() != null)) {
            problems.add("/reversed_at: " + (REVERSED.equals(a.status()) ? "a reversed authorization has its reversed_at"
                    : "only a reversed authorization has a reversed_at"));
        }
        if (EXPIRED.equals(a.status()) != (a.expiredAt() != null)) {
            problems.add("/expired_at: " + (EXPIRED.equals(a.status()) ? "an expired authorization has its expired_at"
                    : "only an expired authorization has an expired_at"));
        }
        return problems;
    }
}
