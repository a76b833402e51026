package io.bankssandbox.cards;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The rules on requested spending limits that a schema cannot say: at most one limit per interval,
 * and amounts never decreasing as the interval widens (per_transaction ≤ per_day ≤ per_week ≤
 * per_month ≤ all_time, among those given). Every violation is reported.
 */
public final class SpendingLimitRules {
    /** A requested limit as far as it could be read; unreadable parts are the schema's to report. */
    public record Requested(Interval interval, Long amount) {}

    private static final String FIELD = "authorization_controls.usage.multi_use.spending_limits";

    private SpendingLimitRules() {}

    public static List<String> violations(List<Requested> limits) {
        List<String> violations = new ArrayList<>();
        Map<Interval, Integer> counts = new EnumMap<>(Interval.class);
        for (Requested limit : limits) {
            counts.merge(limit.interval(), 1, Integer::sum);
        }
        counts.forEach((interval, count) -> {
            if (count > 1) {
                violations.add(FIELD + " must hold at most one limit per interval, but " + interval.wireName()
                        + " appears " + count + " times");
            }
        });
        for (Requested narrower : limits) {
            for (Requested wider : limits) {
                if (narrower.amount() == null || wider.amount() == null
                        || narrower.interval().compareTo(wider.interval()) >= 0) {
                    continue;
                }
                if (wider.amount() < narrower.amount()) {
                    violations.add(FIELD + " amounts must not decrease as the interval widens: "
                            + wider.interval().wireName() + " (" + wider.amount() + ") is less than "
                            + narrower.interval().wireName() + " (" + narrower.amount() + ")");
                }
            }
        }
        return violations;
    }
}
