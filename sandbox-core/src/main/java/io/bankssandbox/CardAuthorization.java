package io.bankssandbox;

import java.time.Instant;

/**
 * A card payment approved with {@code "settlement": "held"} ({@link CardPayment#held()}), as
 * {@code GET /_sandbox/card-authorizations/{id}} answers it. While {@link #PENDING} its amount is held
 * on the card's account: {@code available_balance} is lower by it, {@code total_balance} is not, and no
 * transaction exists yet. It then moves once: {@link #SETTLED} (one {@code card_settlement} transaction
 * of minus {@code settledAmount}), {@link #REVERSED} (nothing posts) or {@link #EXPIRED} (the clock
 * reached {@code expiresAt}, seven days after {@code createdAt}; nothing posts).
 *
 * @param accountId the account the card draws from, where the hold is
 * @param amount cents held
 * @param settledAmount cents the merchant captured (a partial capture is lower, a tip higher); null unless settled
 * @param transactionId the settlement's transaction; null unless settled
 * @param settledAt null unless settled
 * @param reversedAt null unless reversed
 * @param expiredAt null unless expired
 */
public record CardAuthorization(String id, String cardId, String accountId, long amount, String merchantCategoryCode,
                                String merchantCountry, String status, Instant createdAt, Instant expiresAt,
                                Long settledAmount, Instant settledAt, String transactionId, Instant reversedAt,
                                Instant expiredAt) {
    public static final String PENDING = "pending";
    public static final String SETTLED = "settled";
    public static final String REVERSED = "reversed";
    public static final String EXPIRED = "expired";

    /** Whether its amount is still held. */
    public boolean pending() {
        return PENDING.equals(status);
    }
}
