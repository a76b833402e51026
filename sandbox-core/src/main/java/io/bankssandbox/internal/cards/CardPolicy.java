package io.bankssandbox.internal.cards;

import java.util.List;

/** Controls the service applies to every card it issues (the fixture set's {@code policy.json}). */
public record CardPolicy(List<String> blockedMerchantCategoryCodes, List<SpendingLimit> spendingLimits) {

    public static CardPolicy defaults() {
        return new CardPolicy(List.of("7995", "6051", "4829", "6211"),
                List.of(new SpendingLimit(Interval.PER_MONTH, 200_000, List.of("6010", "6011"))));
    }
}
