package io.bankssandbox;

import java.time.Instant;
import java.util.List;

/**
 * A virtual debit card, as {@code GET /v0/cards/{id}} answers it: its spending limits include those
 * the service adds to every card (after the card's own), and {@code blockedMerchantCategoryCodes}
 * the categories blocked on every card.
 *
 * @param last4 the last four digits of its test PAN
 */
public record Card(String id, Instant createdAt, String entityId, String bankAccountId, String nickname, String last4,
                   String status, List<SpendingLimit> spendingLimits, List<String> blockedMerchantCategoryCodes) {
    public static final String ACTIVE = "active";
    public static final String DISABLED = "disabled";
    public static final String CANCELED = "canceled";

    public Card {
        spendingLimits = List.copyOf(spendingLimits);
        blockedMerchantCategoryCodes = List.copyOf(blockedMerchantCategoryCodes);
    }

    /**
     * At most {@code amount} cents per {@code interval} ({@link #PER_TRANSACTION}, {@link #PER_DAY},
     * {@link #PER_WEEK}, {@link #PER_MONTH}, {@link #ALL_TIME}), for the listed merchant categories only,
     * or for every merchant when {@code merchantCategoryCodes} is null.
     */
    public record SpendingLimit(String interval, long amount, List<String> merchantCategoryCodes) {
        public static final String PER_TRANSACTION = "per_transaction";
        public static final String PER_DAY = "per_day";
        public static final String PER_WEEK = "per_week";
        public static final String PER_MONTH = "per_month";
        public static final String ALL_TIME = "all_time";
    }
}
