package io.bankssandbox.internal.cards;

import java.util.ArrayList;
import java.util.List;

/**
 * The rule on a card's own spending limits that a schema cannot say: amounts never decreasing as the
 * interval widens (per_transaction ≤ per_day ≤ per_week ≤ per_month ≤ all_time, among those given).
 * Every violation is reported. It holds for a card issued through the API and for one a fixture or an
 * imported state holds. At most one limit per interval is the schema's ({@code OneLimitPerInterval},
 * which the request and the fixture rows both meet).
 */
public final class SpendingLimitRules {
    /** Where a card issued through the API carries its limits. */
    public static final String REQUEST_FIELD = "authorization_controls.usage.multi_use.spending_limits";

    private SpendingLimitRules() {}

    /** Every rule {@code limits} break, each message starting with {@code field}, the limits' name. */
    public static List<String> violations(String field, List<SpendingLimit> limits) {
        List<String> violations = new ArrayList<>();
        for (String rule : violations(limits)) {
            violations.add(field + " " + rule);
        }
        return violations;
    }

    /**
     * Every rule {@code limits} break, worded to follow the limits' name. A limit without a positive
     * amount is the schema's to report, so it takes no part here.
     */
    public static List<String> violations(List<SpendingLimit> limits) {
        List<String> violations = new ArrayList<>();
        if (limits == null) {
            return violations;
        }
        for (SpendingLimit narrower : limits) {
            for (SpendingLimit wider : limits) {
                if (!comparable(narrower) || !comparable(wider) || narrower.interval().compareTo(wider.interval()) >= 0) {
                    continue;
                }
                if (wider.amount() < narrower.amount()) {
                    violations.add("amounts must not decrease as the interval widens: "
                            + wider.interval().wireName() + " (" + wider.amount() + ") is less than "
                            + narrower.interval().wireName() + " (" + narrower.amount() + ")");
                }
            }
        }
        return violations;
    }

    private static boolean comparable(SpendingLimit limit) {
        return limit != null && limit.interval() != null && limit.amount() > 0;
    }
}
