package io.bankssandbox.internal.cards;

import static io.bankssandbox.internal.cards.Authorizations.assertApproved;
import static io.bankssandbox.internal.cards.Authorizations.assertBreaches;
import static io.bankssandbox.internal.cards.Authorizations.assertDeclined;
import static io.bankssandbox.internal.cards.Authorizations.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Card payments that hold, then settle, reverse or expire, through real HTTP on the default fixtures
 * (clock frozen at Monday 2026-03-02T15:00:00Z; the fixture holds $186.40 on Riverside's "Office
 * supplies" card since Friday). Every answer is checked against the served OpenAPI document by the
 * client; each test checks the exact status, body and balances its rule names.
 */
class CardHoldsTest extends SandboxTestBase {
    // Riverside "Office supplies": per_transaction 50000, per_day 100000, per_month 500000
    static final String OFFICE = CardAuthorizationsTest.OFFICE;
    static final String RIVERSIDE_OPERATING = CardAuthorizationsTest.RIVERSIDE_OPERATING;
    static final String WEB_APP = CardAuthorizationsTest.WEB_APP;
    static final String CANCELED = CardAuthorizationsTest.CANCELED;
    static final String HARBOR = CardAuthorizationsTest.HARBOR;
    static final String HARBOR_OPERATING = CardAuthorizationsTest.HARBOR_OPERATING;
    /** The default fixtures' pending hold: $186.40 at MCC 5047 on OFFICE, authorized Friday 17:45. */
    static final String FIXTURE_HOLD = "card_authorization_0000255tdf7irdd01slp";
    static final String GROCERY = "5411";
    static final String NOW = "2026-03-02T15:00:00.000Z";

    // ---- helpers -------------------------------------------------------------------------------

    JsonNode hold(String cardId, long amount, String mcc) {
        return Authorizations.authorize(api, cardId, Map.of("amount", amount, "merchant_category_code", mcc,
                "settlement", "held"));
    }

    String holdId(String cardId, long amount) {
        JsonNode decision = hold(cardId, amount, GROCERY);
        assertThat(decision.get("decision").asText()).as(decision.toString()).isEqualTo("approved");
        return decision.get("authorization").get("id").asText();
    }

    ApiClient.Response settle(String id, Map<String, Object> body) {
        return api.post("/_sandbox/card-authorizations/" + id + "/settle", body, null);
    }

    ApiClient.Response reverse(String id) {
        return api.post("/_sandbox/card-authorizations/" + id + "/reverse", null, null);
    }

    JsonNode account(String id) {
        ApiClient.Response response = api.get("/v0/accounts/" + id);
        assertThat(response.status()).isEqualTo(200);
        return response.json();
    }

    long available(String accountId) {
        return account(accountId).get("available_balance").asLong();
    }

    long total(String accountId) {
        return account(accountId).get("total_balance").asLong();
    }

    int transactionCount() {
        return state().get("transactions").size();
    }

    JsonNode advanceTo(String instant) {
        ApiClient.Response response = api.post("/_sandbox/clock/advance", Map.of("to", instant), null);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    /** As an answer reads: through text, so that numbers compare by value whatever their Java type. */
    static JsonNode json(Object value) {
        try {
            return Json.MAPPER.readTree(Json.MAPPER.writeValueAsBytes(value));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The authorization as every answer shows it: all fields, the times of moves not made null. */
    static Map<String, Object> authorization(String id, String cardId, String accountId, long amount, String mcc,
                                             String status, String createdAt, String expiresAt) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("id", id);
        a.put("card_id", cardId);
        a.put("account_id", accountId);
        a.put("amount", amount);
        a.put("merchant_category_code", mcc);
        a.put("merchant_country", "US");
        a.put("status", status);
        a.put("created_at", createdAt);
        a.put("expires_at", expiresAt);
        a.put("settled_amount", null);
        a.put("settled_at", null);
        a.put("transaction_id", null);
        a.put("reversed_at", null);
        a.put("expired_at", null);
        return a;
    }

    static void assertError(ApiClient.Response response, int status, String error, Object message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        assertThat(response.json()).isEqualTo(json(Map.of("statusCode", status, "error", error, "message", message)));
    }

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

    // ---- settle --------------------------------------------------------------------------------

    @Test
    void settlingReleasesTheHoldAndPostsOneCardSettlementOfTheHeldAmountByDefault() {
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        String id = holdId(OFFICE, 12_345);
        int transactions = transactionCount();

        ApiClient.Response settled = settle(id, null);

        assertThat(settled.status()).as(settled.toString()).isEqualTo(200);
        JsonNode answer = settled.json();
        String transactionId = answer.get("transaction_id").asText();
        Map<String, Object> expected = authorization(id, OFFICE, RIVERSIDE_OPERATING, 12_345, GROCERY, "settled", NOW,
                "2026-03-09T15:00:00.000Z");
        expected.put("settled_amount", 12_345);
        expected.put("settled_at", NOW);
        expected.put("transaction_id", transactionId);
        assertThat(answer).isEqualTo(json(expected));
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available - 12_345);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total - 12_345);
        assertThat(transactionCount()).isEqualTo(transactions + 1);

        JsonNode transaction = api.get("/v0/transactions/" + transactionId).json();
        assertThat(transaction.get("amount").asLong()).isEqualTo(-12_345);
        assertThat(transaction.get("account_id").asText()).isEqualTo(RIVERSIDE_OPERATING);
        assertThat(transaction.get("occurred_at").asText()).isEqualTo(NOW);
        assertThat(transaction.get("source")).isEqualTo(json(Map.of("category", "card_settlement",
                "card_settlement", Map.of("card_id", OFFICE, "card_authorization_id", id))));
        assertThat(fieldNames(transaction.at("/source/card_settlement"))).containsExactly("card_id",
                "card_authorization_id");
    }

    @Test
    void anImmediatePaymentsTransactionNamesTheCardOnly() {
        assertApproved(Authorizations.authorize(api, OFFICE, 1_000, GROCERY));
        String transactionId = state().get("card_payments").get(0).get("transaction_id").asText();
        assertThat(api.get("/v0/transactions/" + transactionId).json().get("source")).isEqualTo(json(Map.of(
                "category", "card_settlement", "card_settlement", Map.of("card_id", OFFICE))));
        JsonNode stored = rows("transactions", "id", transactionId).get(0);
        assertThat(fieldNames(stored)).doesNotContain("card_authorization_id");
    }

    @Test
    void aPartialCaptureReleasesTheWholeHoldAndPostsTheLowerAmount() {
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        String id = holdId(OFFICE, 20_000);

        JsonNode answer = settle(id, Map.of("amount", 15_000)).json();

        assertThat(answer.get("amount").asLong()).isEqualTo(20_000);
        assertThat(answer.get("settled_amount").asLong()).isEqualTo(15_000);
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available - 15_000);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total - 15_000);
        assertThat(api.get("/v0/transactions/" + answer.get("transaction_id").asText()).json().get("amount").asLong())
                .isEqualTo(-15_000);
    }

    @Test
    void aTipSettlesAboveTheHeldAmount() {
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        String id = holdId(OFFICE, 10_000);

        JsonNode answer = settle(id, Map.of("amount", 12_000)).json();

        assertThat(answer.get("settled_amount").asLong()).isEqualTo(12_000);
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available - 12_000);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total - 12_000);
    }

    @Test
    void aCaptureAboveTheAvailableBalanceStillPostsAndTakesItBelowZero() {
        // Harbor: 15000 on the account; hold 10000, spend the other 5000, then the merchant captures 12000
        String id = holdId(HARBOR, 10_000);
        assertApproved(Authorizations.authorize(api, HARBOR, 5_000, GROCERY));
        assertThat(available(HARBOR_OPERATING)).isZero();

        ApiClient.Response settled = settle(id, Map.of("amount", 12_000));

        assertThat(settled.status()).isEqualTo(200);
        assertThat(available(HARBOR_OPERATING)).isEqualTo(-2_000);
        assertThat(total(HARBOR_OPERATING)).isEqualTo(-2_000);
        assertDeclined(Authorizations.authorize(api, HARBOR, 1, GROCERY), "insufficient_funds");
    }

    @Test
    void settlingFiresTransactionCreatedWithTheAuthorizationInTheSource() throws Exception {
        assertThat(control.post("/_sandbox/webhooks", Map.of("url", "inbox"), null).status()).isEqualTo(201);
        String id = holdId(OFFICE, 4_200);
        JsonNode settled = settle(id, null).json();

        JsonNode delivery = null;
        for (int i = 0; i < 200 && delivery == null; i++) {
            for (JsonNode d : control.get("/_sandbox/webhooks/deliveries?limit=100").json().get("data")) {
                if (settled.get("transaction_id").asText().equals(d.at("/body/transaction/id").asText())) {
                    delivery = d;
                }
            }
            if (delivery == null) {
                Thread.sleep(10);
            }
        }
        assertThat(delivery).as("a delivery of the settlement").isNotNull();
        assertThat(delivery.get("event").asText()).isEqualTo("transaction.created");
        assertThat(delivery.at("/body/transaction/amount").asLong()).isEqualTo(-4_200);
        assertThat(delivery.at("/body/transaction/source")).isEqualTo(json(Map.of("category", "card_settlement",
                "card_settlement", Map.of("card_id", OFFICE, "card_authorization_id", id))));
        // the hold itself sent nothing: the only delivery is the settlement's
        assertThat(control.get("/_sandbox/webhooks/deliveries?limit=100").json().get("data").size()).isEqualTo(1);
    }

    @Test
    void aSettlementAmountBelowOneOrNotAnIntegerIsRefusedAndChangesNothing() {
        String id = holdId(OFFICE, 1_000);
        long available = available(RIVERSIDE_OPERATING);

        assertError(settle(id, Map.of("amount", 0)), 400, "Bad Request", List.of("amount must be a positive number"));
        assertError(settle(id, Map.of("amount", "ten")), 400, "Bad Request", List.of("amount must be an integer number"));
        assertError(settle(id, Map.of("tip", 100)), 400, "Bad Request", List.of("property tip should not exist"));

        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available);
        assertThat(api.get("/_sandbox/card-authorizations/" + id).json().get("status").asText()).isEqualTo("pending");
    }

    @Test
    void aHoldOnACardCanceledSinceStillSettles() {
        String id = holdId(OFFICE, 2_500);
        assertThat(api.delete("/v0/cards/" + OFFICE).status()).isEqualTo(200);
        assertThat(settle(id, null).json().get("status").asText()).isEqualTo("settled");
    }

    // ---- reverse -------------------------------------------------------------------------------

    @Test
    void reversingReleasesTheHoldAndPostsNothing() {
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        String id = holdId(OFFICE, 7_700);
        int transactions = transactionCount();

        ApiClient.Response reversed = reverse(id);

        assertThat(reversed.status()).isEqualTo(200);
        Map<String, Object> expected = authorization(id, OFFICE, RIVERSIDE_OPERATING, 7_700, GROCERY, "reversed", NOW,
                "2026-03-09T15:00:00.000Z");
        expected.put("reversed_at", NOW);
        assertThat(reversed.json()).isEqualTo(json(expected));
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total);
        assertThat(transactionCount()).isEqualTo(transactions);
    }

    // ---- not pending, unknown ------------------------------------------------------------------

    @Test
    void onlyAPendingAuthorizationMovesAnyOtherIsAConflictThatChangesNothing() {
        String settled = holdId(OFFICE, 1_000);
        String reversed = holdId(OFFICE, 1_000);
        assertThat(settle(settled, null).status()).isEqualTo(200);
        assertThat(reverse(reversed).status()).isEqualTo(200);
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);
        int transactions = transactionCount();

        assertError(settle(settled, null), 409, "Conflict",
                "Card authorization " + settled + " is settled; only a pending card authorization can be settled");
        assertError(reverse(settled), 409, "Conflict",
                "Card authorization " + settled + " is settled; only a pending card authorization can be reversed");
        assertError(settle(reversed, Map.of("amount", 5)), 409, "Conflict",
                "Card authorization " + reversed + " is reversed; only a pending card authorization can be settled");
        assertError(reverse(reversed), 409, "Conflict",
                "Card authorization " + reversed + " is reversed; only a pending card authorization can be reversed");

        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total);
        assertThat(transactionCount()).isEqualTo(transactions);
    }

    @Test
    void anUnknownAuthorizationIsNotFound() {
        String unknown = "card_authorization_nope";
        String message = "Card authorization " + unknown + " not found";
        assertError(settle(unknown, null), 404, "Not Found", message);
        assertError(reverse(unknown), 404, "Not Found", message);
        assertError(api.get("/_sandbox/card-authorizations/" + unknown), 404, "Not Found", message);
    }

    // ---- expiry --------------------------------------------------------------------------------

    @Test
    void aHoldStillPendingAtExpiresAtExpiresWhenTheClockPassesIt() {
        String id = holdId(OFFICE, 3_000);
        // a second before: still pending (and whatever else the fixtures had waiting has happened)
        assertThat(advanceTo("2026-03-09T14:59:59Z").get("events").toString()).doesNotContain(id);
        assertThat(api.get("/_sandbox/card-authorizations/" + id).json().get("status").asText()).isEqualTo("pending");
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);

        JsonNode advanced = advanceTo("2026-03-10T00:00:00Z");

        assertThat(advanced.get("events")).containsExactly(json(Map.of("type", "card_authorization.expired", "id", id)));
        Map<String, Object> expected = authorization(id, OFFICE, RIVERSIDE_OPERATING, 3_000, GROCERY, "expired", NOW,
                "2026-03-09T15:00:00.000Z");
        expected.put("expired_at", "2026-03-09T15:00:00.000Z");
        assertThat(api.get("/_sandbox/card-authorizations/" + id).json()).isEqualTo(json(expected));
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available + 3_000);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total);
        assertError(settle(id, null), 409, "Conflict",
                "Card authorization " + id + " is expired; only a pending card authorization can be settled");
        assertError(reverse(id), 409, "Conflict",
                "Card authorization " + id + " is expired; only a pending card authorization can be reversed");
    }

    @Test
    void theFixturesPendingHoldIsScheduledAndExpiresAtItsTimeWithTheAdvanceReportingIt() {
        advanceTo("2026-03-06T17:44:59Z");
        assertThat(api.get("/_sandbox/card-authorizations/" + FIXTURE_HOLD).json().get("status").asText())
                .isEqualTo("pending");
        long available = available(RIVERSIDE_OPERATING);
        long total = total(RIVERSIDE_OPERATING);

        JsonNode advanced = advanceTo("2026-03-06T17:45:00Z");

        assertThat(advanced.get("events")).containsExactly(json(Map.of("type", "card_authorization.expired", "id",
                FIXTURE_HOLD)));
        assertThat(api.get("/_sandbox/card-authorizations/" + FIXTURE_HOLD).json().get("expired_at").asText())
                .isEqualTo("2026-03-06T17:45:00.000Z");
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available + 18_640);
        assertThat(total(RIVERSIDE_OPERATING)).isEqualTo(total);
    }

    @Test
    void aSettledOrReversedHoldDoesNotExpire() {
        String settled = holdId(OFFICE, 1_000);
        String reversed = holdId(OFFICE, 1_000);
        settle(settled, null);
        reverse(reversed);
        advanceTo("2026-03-09T14:00:00Z"); // the fixtures' own transitions (and hold) are done by then
        long available = available(RIVERSIDE_OPERATING);

        JsonNode advanced = advanceTo("2026-03-20T00:00:00Z");

        assertThat(advanced.get("events").toString()).doesNotContain(settled).doesNotContain(reversed);
        assertThat(available(RIVERSIDE_OPERATING)).isEqualTo(available);
        assertThat(api.get("/_sandbox/card-authorizations/" + settled).json().get("status").asText()).isEqualTo("settled");
        assertThat(api.get("/_sandbox/card-authorizations/" + reversed).json().get("status").asText()).isEqualTo("reversed");
    }

    // ---- listing -------------------------------------------------------------------------------

    @Test
    void theListIsNewestFirstPerCardAndPaginated() {
        String first = holdId(OFFICE, 100);
        control.post("/_sandbox/clock/advance", Map.of("by", "PT1M"), null);
        String second = holdId(OFFICE, 200);
        control.post("/_sandbox/clock/advance", Map.of("by", "PT1M"), null);
        String third = holdId(OFFICE, 300);
        String elsewhere = holdId(HARBOR, 400);

        List<String> walked = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = api.get("/_sandbox/card-authorizations?card_id=" + OFFICE + "&limit=2"
                    + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("data").forEach(a -> walked.add(a.get("id").asText()));
            cursor = page.get("has_next").asBoolean() ? page.get("cursor").asText() : null;
        } while (cursor != null);
        assertThat(walked).containsExactly(third, second, first, FIXTURE_HOLD);

        JsonNode every = api.get("/_sandbox/card-authorizations").json();
        assertThat(every.get("data")).extracting(a -> a.get("id").asText())
                .containsExactly(elsewhere, third, second, first, FIXTURE_HOLD);
        assertThat(every.get("has_next").asBoolean()).isFalse();
        assertThat(every.get("cursor").isNull()).isTrue();
    }

    @Test
    void theListFiltersByStatus() {
        String settled = holdId(OFFICE, 100);
        settle(settled, null);
        String pending = holdId(OFFICE, 200);

        assertThat(api.get("/_sandbox/card-authorizations?status=pending").json().get("data"))
                .extracting(a -> a.get("id").asText()).containsExactly(pending, FIXTURE_HOLD);
        assertThat(api.get("/_sandbox/card-authorizations?card_id=" + OFFICE + "&status=settled").json().get("data"))
                .extracting(a -> a.get("id").asText()).containsExactly(settled);
        assertError(api.get("/_sandbox/card-authorizations?status=open"), 400, "Bad Request",
                List.of("status must be one of the following values: pending, settled, reversed, expired"));
    }

    @Test
    void theListOfAnUnknownCardIsNotFoundAndOfAWebAppCardIsServed() {
        assertError(api.get("/_sandbox/card-authorizations?card_id=card_nope"), 404, "Not Found",
                "Card card_nope not found");
        String id = holdId(WEB_APP, 500);
        assertThat(api.get("/_sandbox/card-authorizations?card_id=" + WEB_APP).json().get("data"))
                .extracting(a -> a.get("id").asText()).containsExactly(id);
    }

    // ---- state ---------------------------------------------------------------------------------

    @Test
    void holdsAreStateExportedImportedAndReset() {
        String id = holdId(OFFICE, 6_000);
        JsonNode exported = state();
        assertThat(exported.get("card_authorizations")).extracting(a -> a.get("id").asText())
                .containsExactly(id, FIXTURE_HOLD);
        List<String> keys = fieldNames(exported);
        assertThat(keys.indexOf("card_authorizations")).isGreaterThan(keys.indexOf("webhook_deliveries"));

        sandbox.reset();
        assertThat(api.get("/_sandbox/card-authorizations/" + id).status()).isEqualTo(404);

        assertThat(control.put("/_sandbox/state", exported).status()).isEqualTo(200);
        assertThat(api.get("/_sandbox/card-authorizations/" + id).json().get("status").asText()).isEqualTo("pending");
        // the imported hold is on the timeline: it expires at its time
        assertThat(advanceTo("2026-03-09T15:00:00Z").get("events"))
                .contains(json(Map.of("type", "card_authorization.expired", "id", id)));
    }

    @Test
    void anImportedHoldOfAnUnknownCardOrAnotherAccountIsRefusedNamingFileAndField() {
        JsonNode document = state();
        ((com.fasterxml.jackson.databind.node.ObjectNode) document.get("card_authorizations").get(0))
                .put("card_id", "card_nope");
        ApiClient.Response refused = control.put("/_sandbox/state", document);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").toString())
                .contains("card_authorizations.json " + FIXTURE_HOLD + "/card_id: unknown card card_nope");

        JsonNode other = state();
        ((com.fasterxml.jackson.databind.node.ObjectNode) other.get("card_authorizations").get(0))
                .put("account_id", HARBOR_OPERATING);
        assertThat(control.put("/_sandbox/state", other).json().get("message").toString())
                .contains("card_authorizations.json " + FIXTURE_HOLD + "/account_id: the card draws from "
                        + RIVERSIDE_OPERATING);
    }

    @Test
    void anImportedHoldWhoseFieldsContradictItsStatusIsRefused() {
        JsonNode document = state();
        ((com.fasterxml.jackson.databind.node.ObjectNode) document.get("card_authorizations").get(0))
                .put("status", "settled");
        ApiClient.Response refused = control.put("/_sandbox/state", document);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").toString()).contains("card_authorizations.json");
    }

    /** A card on Riverside Operating with the given limits. */
    String issueCard(List<Map<String, Object>> limits) {
        ApiClient.Response response = api.post("/v0/cards", Map.of("bank_account_id", RIVERSIDE_OPERATING,
                "nickname", "Holds", "authorization_controls", Map.of("usage", Map.of("category", "multi_use",
                        "multi_use", Map.of("spending_limits", limits)))));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json().get("id").asText();
    }
}
