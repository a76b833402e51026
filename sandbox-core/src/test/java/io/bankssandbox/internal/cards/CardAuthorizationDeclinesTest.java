package io.bankssandbox.internal.cards;

import static io.bankssandbox.internal.cards.Authorizations.assertApproved;
import static io.bankssandbox.internal.cards.Authorizations.assertBreaches;
import static io.bankssandbox.internal.cards.Authorizations.assertDeclined;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Why a card payment is declined, in the order the service checks: canceled, not active, a blocked category,
 * the narrowest limit breached (the card's own before the service's), then funds; and the windows the limits
 * count in, each resetting at its own UTC boundary.
 */
class CardAuthorizationDeclinesTest extends CardAuthorizationsTestBase {

    // ---- each decline reason -------------------------------------------------------------------

    @Test
    void aCanceledCardDeclinesCardCanceled() {
        assertDeclined(authorize(CANCELED, 100, GROCERY), "card_canceled");
    }

    @Test
    void aDisabledCardDeclinesCardNotActive() {
        assertDeclined(authorize(DISABLED, 100, GROCERY), "card_not_active");
    }

    @ParameterizedTest
    @ValueSource(strings = {"7995", "6051", "4829", "6211"})
    void aCategoryBlockedOnEveryCardDeclinesTransactionNotAllowed(String mcc) {
        assertDeclined(authorize(OFFICE, 100, mcc), "transaction_not_allowed");
    }

    @Test
    void aPaymentOverThePerTransactionCapBreachesItAndOneAtTheCapIsApproved() {
        assertBreaches(authorize(OFFICE, 50_001, GROCERY), "per_transaction", 50_000, null);
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
    }

    @Test
    void insufficientFundsDeclinesEvenWithRoomUnderTheLimits() {
        assertApproved(authorize(HARBOR, 10_000, GROCERY));
        assertThat(account(state(), HARBOR_OPERATING).get("available_balance").asLong()).isEqualTo(5_000);
        assertDeclined(authorize(HARBOR, 5_001, GROCERY), "insufficient_funds");
        assertApproved(authorize(HARBOR, 5_000, GROCERY));
        assertThat(account(state(), HARBOR_OPERATING).get("available_balance").asLong()).isZero();
    }

    @Test
    void fundsAreTheAvailableBalanceNotTheTotal() {
        JsonNode account = account(state(), RIVERSIDE_OPERATING);
        long available = account.get("available_balance").asLong();
        assertThat(account.get("total_balance").asLong()).isGreaterThan(available);
        String card = issueCard(limits("per_transaction", 100_000_000L));
        assertDeclined(authorize(card, available + 1, GROCERY), "insufficient_funds");
        assertApproved(authorize(card, available, GROCERY));
    }

    // ---- the order of checks -------------------------------------------------------------------

    @Test
    void aBlockedCategoryOnACanceledCardReportsCardCanceled() {
        assertDeclined(authorize(CANCELED, 100, "7995"), "card_canceled");
    }

    @Test
    void aBlockedCategoryOnADisabledCardReportsCardNotActive() {
        assertDeclined(authorize(DISABLED, 100, "7995"), "card_not_active");
    }

    @Test
    void aBlockedCategoryOverALimitReportsTransactionNotAllowed() {
        assertDeclined(authorize(OFFICE, 60_000, "7995"), "transaction_not_allowed");
    }

    @Test
    void anAmountBreachingALimitAndExceedingFundsReportsBreachesLimit() {
        // Harbor: per_transaction 10000, available 15000
        assertBreaches(authorize(HARBOR, 20_000, GROCERY), "per_transaction", 10_000, null);
    }

    @Test
    void aCanceledCardWithoutFundsReportsCardCanceled() {
        assertDeclined(authorize(CANCELED, 100_000_000, GROCERY), "card_canceled");
    }

    // ---- most restrictive applies --------------------------------------------------------------

    @Test
    void aPaymentWithinPerWeekButOverPerDayIsDeclinedNamingPerDay() {
        String card = issueCard(limits("per_day", 10_000, "per_week", 50_000, "per_month", 100_000));
        assertApproved(authorize(card, 8_000, GROCERY));
        assertBreaches(authorize(card, 3_000, GROCERY), "per_day", 10_000, null);
        assertApproved(authorize(card, 2_000, GROCERY));
    }

    @Test
    void theNarrowestBreachedLimitIsReportedWhenSeveralAreBreached() {
        // given widest first: the order of evaluation is the intervals', not the card's
        String card = issueCard(limits("per_week", 9_000, "per_day", 8_000, "per_transaction", 5_000));
        assertApproved(authorize(card, 5_000, GROCERY));
        // 6000 breaches per_transaction, per_day and per_week at once
        assertBreaches(authorize(card, 6_000, GROCERY), "per_transaction", 5_000, null);
        // 4000 is within per_transaction but breaches per_day and per_week
        assertBreaches(authorize(card, 4_000, GROCERY), "per_day", 8_000, null);
    }

    @Test
    void theDailyCapBindsEvenWithMonthlyRoom() {
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
        assertBreaches(authorize(OFFICE, 1, GROCERY), "per_day", 100_000, null);
    }

    @Test
    void declinedPaymentsDoNotCountTowardAWindow() {
        assertBreaches(authorize(OFFICE, 60_000, GROCERY), "per_transaction", 50_000, null);
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
    }

    @Test
    void theServicesCashLimitBindsOnlyItsCategoriesAndCountsOnlySpendInThem() {
        // Vaccine orders has no daily cap; the policy adds per_month 200000 on 6010 and 6011
        assertApproved(authorize(VACCINE, 150_000, GROCERY));
        assertApproved(authorize(VACCINE, 150_000, ATM));
        // grocery spend does not count toward the cash limit: 150000 in 6011 so far
        assertBreaches(authorize(VACCINE, 50_001, CASH_AT_BANK), "per_month", 200_000, List.of("6010", "6011"));
        assertApproved(authorize(VACCINE, 50_000, CASH_AT_BANK));
        assertBreaches(authorize(VACCINE, 1, ATM), "per_month", 200_000, List.of("6010", "6011"));
        // other categories still have room under the card's own limits
        assertApproved(authorize(VACCINE, 100_000, GROCERY));
    }

    @Test
    void theServicesCashLimitSpansDaysOfTheMonthAndIsReportedAfterTheCardsOwnLimits() {
        assertApproved(authorize(OFFICE, 50_000, ATM));
        assertApproved(authorize(OFFICE, 50_000, ATM));
        advanceTo("2026-03-03T09:00:00Z");
        assertApproved(authorize(OFFICE, 50_000, CASH_AT_BANK));
        assertApproved(authorize(OFFICE, 50_000, ATM));
        advanceTo("2026-03-04T09:00:00Z");
        // the card's per_day has room and its per_month (500000) too: the service's per_month binds
        assertBreaches(authorize(OFFICE, 1, ATM), "per_month", 200_000, List.of("6010", "6011"));
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
    }

    @Test
    void theCardsOwnLimitIsReportedBeforeTheServicesOfTheSameInterval() {
        // both per_month limits breached at once: the card's comes first
        String card = issueCard(limits("per_month", 100_000));
        assertApproved(authorize(card, 100_000, ATM));
        assertBreaches(authorize(card, 150_000, ATM), "per_month", 100_000, null);
    }

    // ---- windows on the sandbox clock ----------------------------------------------------------

    @Test
    void theDailyWindowResetsAtMidnightUtcAndAPaymentOneSecondBeforeCountsInTheSameDay() {
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
        advanceTo("2026-03-02T23:59:59Z");
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
        assertBreaches(authorize(OFFICE, 1, GROCERY), "per_day", 100_000, null);
        advanceBy("PT1S");
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
        assertBreaches(authorize(OFFICE, 1, GROCERY), "per_day", 100_000, null);
    }

    @Test
    void theWeeklyWindowResetsOnMondayMidnightUtc() {
        assertApproved(authorize(VACCINE, 250_000, GROCERY));
        assertApproved(authorize(VACCINE, 250_000, GROCERY));
        assertApproved(authorize(VACCINE, 100_000, GROCERY));
        assertBreaches(authorize(VACCINE, 1, GROCERY), "per_week", 600_000, null);
        advanceTo("2026-03-08T23:59:59Z"); // Sunday: same week
        assertBreaches(authorize(VACCINE, 1, GROCERY), "per_week", 600_000, null);
        advanceBy("PT1S"); // Monday 2026-03-09T00:00:00Z
        assertApproved(authorize(VACCINE, 250_000, GROCERY));
    }

    @Test
    void theMonthlyWindowResetsOnTheFirstAtMidnightUtc() {
        String card = issueCard(limits("per_month", 100_000));
        assertApproved(authorize(card, 100_000, GROCERY));
        assertBreaches(authorize(card, 1, GROCERY), "per_month", 100_000, null);
        advanceTo("2026-03-31T23:59:59Z");
        assertBreaches(authorize(card, 1, GROCERY), "per_month", 100_000, null);
        advanceBy("PT1S"); // 2026-04-01T00:00:00Z
        assertApproved(authorize(card, 100_000, GROCERY));
        assertBreaches(authorize(card, 1, GROCERY), "per_month", 100_000, null);
    }

    @Test
    void theAllTimeLimitNeverResets() {
        String card = issueCard(limits("all_time", 1_000));
        assertApproved(authorize(card, 1_000, GROCERY));
        advanceBy("P400D");
        assertBreaches(authorize(card, 1, GROCERY), "all_time", 1_000, null);
    }
}
