package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.state.SettingKind;
import java.util.List;

/** Controls the service applies to every card it issues (the fixture set's {@code policy.json}). */
public record CardPolicy(List<String> blockedMerchantCategoryCodes, List<SpendingLimit> spendingLimits) {
    /** The policy of every sandbox state ({@code policy.json}; these defaults when a fixture set has none). */
    public static final SettingKind<CardPolicy> SETTING = new SettingKind<>("policy", 10, CardPolicy.class,
            CardPolicy::defaults);

    public static CardPolicy defaults() {
        return new CardPolicy(List.of("7995", "6051", "4829", "6211"),
                List.of(new SpendingLimit(Interval.PER_MONTH, 200_000, List.of("6010", "6011"))));
    }
}
