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
     * At most {@code amount} cents per {@code interval} ({@code per_transaction}, {@code per_day},
     * {@code per_week}, {@code per_month}, {@code all_time}), for the listed merchant categories only,
     * or for every merchant when {@code merchantCategoryCodes} is null.
     */
    public record SpendingLimit(String interval, long amount, List<String> merchantCategoryCodes) {}
}
