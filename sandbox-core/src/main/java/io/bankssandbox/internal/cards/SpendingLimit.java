package io.bankssandbox.internal.cards;

import java.util.List;

/** One cap on card spend; {@code merchantCategoryCodes} null means it applies to every merchant. */
public record SpendingLimit(Interval interval, long amount, List<String> merchantCategoryCodes) {

    public boolean appliesTo(String merchantCategoryCode) {
        return merchantCategoryCodes == null || merchantCategoryCodes.contains(merchantCategoryCode);
    }
}
