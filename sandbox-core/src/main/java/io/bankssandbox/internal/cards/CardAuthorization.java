package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.state.SortKey;
import io.bankssandbox.internal.state.TableKind;
import java.time.Instant;
import java.util.List;

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

    /**
     * The domain's rule on a loaded row that its schema cannot say (the schema already ties each status
     * to the fields of its move): it expires after it was authorized.
     */
    private static List<String> rowRules(CardAuthorization a) {
        if (a.expiresAt() != null && a.createdAt() != null && !a.expiresAt().isAfter(a.createdAt())) {
            return List.of("/expires_at: must be after created_at");
        }
        return List.of();
    }
}
