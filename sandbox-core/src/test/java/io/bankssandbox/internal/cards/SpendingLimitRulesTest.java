package io.bankssandbox.internal.cards;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The spending-limit rules a schema cannot state, on the domain's own method. */
class SpendingLimitRulesTest {

    static SpendingLimit limit(Interval interval, long amount) {
        return new SpendingLimit(interval, amount, null);
    }

    @Test
    void noLimitsAtAllBreakNoRule() {
        assertThat(SpendingLimitRules.violations(null)).isEmpty();
        assertThat(SpendingLimitRules.violations(List.of())).isEmpty();
    }

    @Test
    void aLimitWithoutAPositiveAmountIsLeftToTheSchemaAndComparedWithNothing() {
        assertThat(SpendingLimitRules.violations(List.of(limit(Interval.PER_TRANSACTION, 100), limit(Interval.PER_DAY, 0))))
                .isEmpty();
        assertThat(SpendingLimitRules.violations(List.of(limit(Interval.PER_DAY, -5), limit(Interval.PER_TRANSACTION, 100))))
                .isEmpty();
        assertThat(SpendingLimitRules.violations(Arrays.asList(null, new SpendingLimit(null, 5, null),
                limit(Interval.PER_DAY, 10)))).isEmpty();
    }

    @Test
    void equalAmountsOnNarrowerAndWiderIntervalsAreAllowedAndASmallerWiderOneIsNamed() {
        assertThat(SpendingLimitRules.violations(List.of(limit(Interval.PER_TRANSACTION, 100), limit(Interval.PER_DAY, 100))))
                .isEmpty();
        assertThat(SpendingLimitRules.violations("limits", List.of(limit(Interval.ALL_TIME, 99), limit(Interval.PER_WEEK, 100))))
                .containsExactly("limits amounts must not decrease as the interval widens: all_time (99) is less than per_week (100)");
    }

    /** At most one limit per interval is the schema's (OneLimitPerInterval); this rule compares different intervals only. */
    @Test
    void anIntervalGivenTwiceIsTheSchemasToNameNotThisRules() {
        assertThat(SpendingLimitRules.violations(List.of(limit(Interval.PER_DAY, 100), limit(Interval.PER_DAY, 200),
                limit(Interval.PER_DAY, 300), limit(Interval.PER_MONTH, 1_000)))).isEmpty();
    }
}
