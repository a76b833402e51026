package io.bankssandbox.internal.cards;

import static io.bankssandbox.internal.cards.Authorizations.assertApproved;
import static io.bankssandbox.internal.cards.Authorizations.assertBreaches;
import static io.bankssandbox.internal.cards.Authorizations.assertDeclined;
import static io.bankssandbox.internal.cards.Authorizations.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Card payments that hold, then settle, reverse or expire, through real HTTP on the default fixtures
 * (clock frozen at Monday 2026-03-02T15:00:00Z; the fixture holds $186.40 on Riverside's "Office
 * supplies" card since Friday). Every answer is checked against the served OpenAPI document by the
 * client; each test checks the exact status, body and balances its rule names.
 */
class CardHoldsTest extends CardHoldsTestBase {

    // ---- placing a hold ------------------------------------------------------------------------

    @Test
    void anApprovedHeldPaymentAnswersTheDecisionPlusItsPendingAuthorization() {
        JsonNode decision = hold(OFFICE, 12_345, GROCERY);

        assertThat(fieldNames(decision)).containsExactly("decision", "decline_reason", "limit", "authorization");
        assertThat(decision.get("decision").asText()).isEqualTo("approved");
        assertThat(decision.get("decline_reason").isNull()).isTrue();
        assertThat(decision.get("limit").isNull()).isTrue();
        String id = decision.at("/authorization/id").asText();
        assertThat(id).matches("card_authorization_[0-9a-z]{20}");
        assertThat(decision.get("authorization")).isEqualTo(json(authorization(id, OFFICE, RIVERSIDE_OPERATING, 12_345,
                GROCERY, "pending", NOW, "2026-03-09T15:00:00.000Z")));
    }

    @Test
    void aHoldLowersTheAvailableBalanceOnlyAndPostsNoTransactionAndNoWebhook() {
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        int transactions = transactionCount();
        int deliveries = control.get("/_sandbox/webhooks/deliveries?limit=100").json().get("data").size();

        hold(OFFICE, 12_345, GROCERY);

        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available - 12_345);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total);
        assertThat(transactionCount()).isEqualTo(transactions);
        assertThat(state().get("card_payments").size()).isZero();
        assertThat(control.get("/_sandbox/webhooks/deliveries?limit=100").json().get("data").size()).isEqualTo(deliveries);
    }

    @Test
    void anImmediatePaymentAnswersByteForByteAsBefore() {
        ApiClient.Response implicit = api.post("/_sandbox/cards/" + OFFICE + "/authorizations",
                Map.of("amount", 1_000, "merchant_category_code", GROCERY), null);
        ApiClient.Response explicit = api.post("/_sandbox/cards/" + OFFICE + "/authorizations",
                Map.of("amount", 1_000, "merchant_category_code", GROCERY, "settlement", "immediate"), null);
        ApiClient.Response declined = api.post("/_sandbox/cards/" + CANCELED + "/authorizations",
                Map.of("amount", 1_000, "merchant_category_code", GROCERY, "settlement", "held"), null);
        assertThat(implicit.text()).isEqualTo("{\"decision\":\"approved\",\"decline_reason\":null,\"limit\":null}");
        assertThat(explicit.text()).isEqualTo(implicit.text());
        assertThat(declined.text()).isEqualTo("{\"decision\":\"declined\",\"decline_reason\":\"card_canceled\",\"limit\":null}");
    }

    @Test
    void anImmediatePaymentAnswersExactlyAsBeforeWithNoAuthorizationKey() {
        assertApproved(Authorizations.authorize(api, OFFICE, Map.of("amount", 1_000, "merchant_category_code", GROCERY,
                "settlement", "immediate")));
        assertApproved(Authorizations.authorize(api, OFFICE, 1_000, GROCERY));
        assertThat(state().get("card_authorizations").size()).isEqualTo(1); // the fixture's hold only
    }

    @Test
    void aDeclinedHeldPaymentHoldsNothingAndHasNoAuthorization() {
        long available = available(RIVERSIDE_OPERATING);

        JsonNode decision = hold(OFFICE, 50_001, GROCERY); // per_transaction 50000
        assertBreaches(decision, "per_transaction", 50_000, null);
        assertDeclined(hold(CANCELED, 100, GROCERY), "card_canceled");
        assertDeclined(hold(OFFICE, 100, "7995"), "transaction_not_allowed");

        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available);
        assertThat(state().get("card_authorizations").size()).isEqualTo(1);
    }

    @Test
    void aSettlementValueOtherThanImmediateOrHeldIsRefused() {
        ApiClient.Response response = api.post("/_sandbox/cards/" + OFFICE + "/authorizations",
                Map.of("amount", 100, "merchant_category_code", GROCERY, "settlement", "later"), null);
        assertError(response, 400, "Bad Request", List.of("settlement must be one of the following values: immediate, held"));
    }

    @Test
    void laterPaymentsSeeTheAvailableBalanceTheHoldLowered() {
        // Harbor holds 15000 on an account of 15000 with a per_transaction cap of 10000
        assertThat(hold(HARBOR, 10_000, GROCERY).get("decision").asText()).isEqualTo("approved");
        assertThat(available(HARBOR_OPERATING)).isEqualTo(5_000);
        assertThat(total(HARBOR_OPERATING)).isEqualTo(15_000);

        assertDeclined(Authorizations.authorize(api, HARBOR, 5_001, GROCERY), "insufficient_funds");
        assertDeclined(hold(HARBOR, 5_001, GROCERY), "insufficient_funds");
        assertApproved(Authorizations.authorize(api, HARBOR, 5_000, GROCERY));
        assertThat(available(HARBOR_OPERATING)).isZero();
        assertThat(total(HARBOR_OPERATING)).isEqualTo(10_000);
    }

    // ---- spending-limit windows ----------------------------------------------------------------

    @Test
    void aPendingHoldCountsTowardTheWindowsAtOnce() {
        // per_day 100000: 60000 held + 40000 more fits, one cent more does not
        holdId(OFFICE, 30_000);
        holdId(OFFICE, 30_000);
        assertApproved(Authorizations.authorize(api, OFFICE, 40_000, GROCERY));
        assertBreaches(Authorizations.authorize(api, OFFICE, 1, GROCERY), "per_day", 100_000, null);
        assertBreaches(hold(OFFICE, 1, GROCERY), "per_day", 100_000, null);
    }

    @Test
    void aReversedHoldGivesItsAmountBackToTheWindows() {
        String first = holdId(OFFICE, 50_000);
        holdId(OFFICE, 50_000);
        assertBreaches(Authorizations.authorize(api, OFFICE, 1, GROCERY), "per_day", 100_000, null);

        assertThat(reverse(first).status()).isEqualTo(200);

        assertApproved(Authorizations.authorize(api, OFFICE, 50_000, GROCERY));
        assertBreaches(Authorizations.authorize(api, OFFICE, 1, GROCERY), "per_day", 100_000, null);
    }

    @Test
    void aSettledHoldCountsAtItsSettledAmountInsteadOfTheHeldOne() {
        String lower = holdId(OFFICE, 50_000);
        String higher = holdId(OFFICE, 20_000);
        assertThat(settle(lower, Map.of("amount", 30_000)).status()).isEqualTo(200); // 30000 counts, not 50000
        assertThat(settle(higher, Map.of("amount", 25_000)).status()).isEqualTo(200); // a tip: 25000 counts
        // 55000 spent today: 45000 fits the per_day 100000, one cent more does not
        assertApproved(Authorizations.authorize(api, OFFICE, 45_000, GROCERY));
        assertBreaches(Authorizations.authorize(api, OFFICE, 1, GROCERY), "per_day", 100_000, null);
    }

    @Test
    void anExpiredHoldCountsNothing() {
        // all_time 100000 on a new card: a hold that expires gives its room back for good
        String card = issueCard(List.of(Map.of("interval", "all_time", "amount", 100_000)));
        String id = holdId(card, 100_000);
        assertBreaches(Authorizations.authorize(api, card, 1, GROCERY), "all_time", 100_000, null);

        advanceTo("2026-03-09T15:00:00Z");

        assertThat(api.get("/_sandbox/card-authorizations/" + id).json().get("status").asText()).isEqualTo("expired");
        assertApproved(Authorizations.authorize(api, card, 100_000, GROCERY));
    }

    @Test
    void aSettledHoldCountsInTheWindowOfItsAuthorizationNotOfItsSettlement() {
        // held on Monday, settled on Tuesday: Tuesday's per_day window is empty, Monday's spend stays Monday's
        String id = holdId(OFFICE, 50_000);
        advanceTo("2026-03-03T09:00:00Z");
        assertThat(settle(id, Map.of()).status()).isEqualTo(200);
        assertApproved(Authorizations.authorize(api, OFFICE, 50_000, GROCERY));
        assertApproved(Authorizations.authorize(api, OFFICE, 50_000, GROCERY));
        assertBreaches(Authorizations.authorize(api, OFFICE, 1, GROCERY), "per_day", 100_000, null);
    }

    @Test
    void aHoldInACategoryALimitIsRestrictedToCountsOnlyThere() {
        // the service's per_month 200000 applies to MCCs 6010 and 6011 only
        holdId(OFFICE, 50_000); // groceries: not counted by the ATM limit
        for (int i = 0; i < 4; i++) {
            JsonNode atm = hold(OFFICE, 50_000, "6011");
            assertThat(atm.get("decision").asText()).as("ATM hold %s: %s", i, atm).isEqualTo("approved");
            advanceTo("2026-03-0" + (3 + i) + "T15:00:00Z"); // a new day for the per_day limit
        }
        assertBreaches(hold(OFFICE, 1, "6010"), "per_month", 200_000, List.of("6010", "6011"));
    }
}
