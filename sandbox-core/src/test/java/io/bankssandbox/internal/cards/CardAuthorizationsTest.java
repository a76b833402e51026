package io.bankssandbox.internal.cards;

import static io.bankssandbox.internal.cards.Authorizations.assertApproved;
import static io.bankssandbox.internal.cards.Authorizations.assertBreaches;
import static io.bankssandbox.internal.cards.Authorizations.assertDeclined;
import static io.bankssandbox.internal.cards.Authorizations.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code POST /_sandbox/cards/{id}/authorizations} through real HTTP against the default fixtures
 * (clock frozen at Monday 2026-03-02T15:00:00Z).
 */
class CardAuthorizationsTest extends SandboxTestBase {
    // Riverside "Office supplies": per_transaction 50000, per_day 100000, per_month 500000
    static final String OFFICE = "card_0000006ffif7l9i19ra5";
    static final String RIVERSIDE_OPERATING = "account_0000000ptmhjx1gxm2mi";
    static final String WEB_APP = "card_0000006g9ybj9qhtgdcf";
    static final String CANCELED = "card_0000006hx35xt9e0x3kw";
    // Lakeside "Vaccine orders": per_transaction 250000, per_week 600000, all_time 5000000
    static final String VACCINE = "card_0000006ijwqaw563riwm";
    static final String LAKESIDE_OPERATING = "account_0000000ry0r1zzche8nv";
    static final String DISABLED = "card_0000006j1i141j0dqoao";
    // Harbor: per_transaction 10000 on an account holding 15000
    static final String HARBOR = "card_0000006k1t7baa81hy38";
    static final String HARBOR_OPERATING = "account_0000000srbl695e78hs4";

    static final String GROCERY = "5411";
    static final String ATM = "6011";
    static final String CASH_AT_BANK = "6010";

    @BeforeEach
    void reset() {
        assertThat(api.post("/_sandbox/reset", Map.of(), null).status()).isEqualTo(200);
    }

    // ---- helpers -------------------------------------------------------------------------------

    JsonNode authorize(String cardId, long amount, String mcc) {
        return Authorizations.authorize(api, cardId, Map.of("amount", amount, "merchant_category_code", mcc));
    }

    JsonNode authorize(String cardId, Map<String, Object> body) {
        return Authorizations.authorize(api, cardId, body);
    }

    void advanceTo(String instant) {
        ApiClient.Response response = api.post("/_sandbox/clock/advance", Map.of("to", instant), null);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
    }

    void advanceBy(String duration) {
        ApiClient.Response response = api.post("/_sandbox/clock/advance", Map.of("by", duration), null);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
    }

    JsonNode account(JsonNode state, String id) {
        for (JsonNode account : state.get("accounts")) {
            if (account.get("id").asText().equals(id)) {
                return account;
            }
        }
        throw new AssertionError("no account " + id);
    }

    /** Issues a card through the API on Riverside Operating with the given limits (interval → cents). */
    String issueCard(Map<String, Long> limits) {
        List<Map<String, Object>> spendingLimits = new ArrayList<>();
        limits.forEach((interval, amount) -> spendingLimits.add(Map.of("interval", interval, "amount", amount)));
        ApiClient.Response response = api.post("/v0/cards", Map.of(
                "bank_account_id", RIVERSIDE_OPERATING,
                "nickname", "Test card",
                "authorization_controls", Map.of("usage", Map.of("category", "multi_use",
                        "multi_use", Map.of("spending_limits", spendingLimits)))));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json().get("id").asText();
    }

    static Map<String, Long> limits(Object... intervalAndAmount) {
        Map<String, Long> limits = new LinkedHashMap<>();
        for (int i = 0; i < intervalAndAmount.length; i += 2) {
            limits.put((String) intervalAndAmount[i], ((Number) intervalAndAmount[i + 1]).longValue());
        }
        return limits;
    }

    // ---- the decision and its booking ----------------------------------------------------------

    @Test
    void anApprovedPaymentAnswersApprovedWithNoReasonAndNoLimit() {
        assertApproved(authorize(OFFICE, 12_345, GROCERY));
    }

    @Test
    void anApprovedPaymentDebitsBothBalancesByExactlyTheAmountAndIsOneCardSettlementTransaction() {
        JsonNode before = state();
        long total = account(before, RIVERSIDE_OPERATING).get("total_balance").asLong();
        long available = account(before, RIVERSIDE_OPERATING).get("available_balance").asLong();
        int transactions = before.get("transactions").size();

        assertApproved(authorize(OFFICE, 12_345, GROCERY));

        JsonNode after = state();
        assertThat(account(after, RIVERSIDE_OPERATING).get("total_balance").asLong()).isEqualTo(total - 12_345);
        assertThat(account(after, RIVERSIDE_OPERATING).get("available_balance").asLong()).isEqualTo(available - 12_345);
        assertThat(after.get("transactions").size()).isEqualTo(transactions + 1);
        JsonNode debit = null;
        for (JsonNode transaction : after.get("transactions")) {
            if ("card_settlement".equals(transaction.get("source_category").asText())) {
                debit = transaction;
            }
        }
        assertThat(debit).as("a card_settlement transaction").isNotNull();
        assertThat(debit.get("account_id").asText()).isEqualTo(RIVERSIDE_OPERATING);
        assertThat(debit.get("amount").asLong()).isEqualTo(-12_345);
        assertThat(debit.get("source_id").asText()).isEqualTo(OFFICE);
        assertThat(debit.get("occurred_at").asText()).isEqualTo("2026-03-02T15:00:00.000Z");
        assertThat(debit.get("counterparty_account_id").isNull()).isTrue();

        JsonNode payments = after.get("card_payments");
        assertThat(payments.size()).isEqualTo(1);
        JsonNode payment = payments.get(0);
        assertThat(fieldNames(payment)).containsExactlyInAnyOrder("id", "card_id", "account_id", "amount",
                "merchant_category_code", "merchant_country", "authorized_at", "transaction_id");
        assertThat(payment.get("id").asText()).startsWith("card_payment_");
        assertThat(payment.get("card_id").asText()).isEqualTo(OFFICE);
        assertThat(payment.get("account_id").asText()).isEqualTo(RIVERSIDE_OPERATING);
        assertThat(payment.get("amount").asLong()).isEqualTo(12_345);
        assertThat(payment.get("merchant_category_code").asText()).isEqualTo(GROCERY);
        assertThat(payment.get("merchant_country").asText()).as("default country").isEqualTo("US");
        assertThat(payment.get("transaction_id").asText()).isEqualTo(debit.get("id").asText());
    }

    @Test
    void theMerchantCountryGivenIsKept() {
        assertApproved(authorize(OFFICE, Map.of("amount", 100, "merchant_category_code", GROCERY,
                "merchant_country", "CA")));
        assertThat(state().get("card_payments").get(0).get("merchant_country").asText()).isEqualTo("CA");
    }

    @Test
    void aDeclinedPaymentMovesNoMoneyAndRecordsNothing() {
        JsonNode before = state();
        assertBreaches(authorize(OFFICE, 50_001, GROCERY), "per_transaction", 50_000, null);
        JsonNode after = state();
        assertThat(account(after, RIVERSIDE_OPERATING)).isEqualTo(account(before, RIVERSIDE_OPERATING));
        assertThat(after.get("transactions")).isEqualTo(before.get("transactions"));
        assertThat(after.get("card_payments").size()).isZero();
    }

    @Test
    void paymentsSurviveAStateExportAndImportAndStillCountTowardTheirWindow() {
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
        assertApproved(authorize(OFFICE, 50_000, GROCERY));
        JsonNode exported = state();
        assertThat(api.post("/_sandbox/reset", Map.of(), null).status()).isEqualTo(200);
        assertThat(api.put("/_sandbox/state", exported).status()).isEqualTo(200);
        assertBreaches(authorize(OFFICE, 1, GROCERY), "per_day", 100_000, null);
    }

    @Test
    void aPaymentGivenInTheStateDocumentCountsTowardItsWindow() {
        com.fasterxml.jackson.databind.node.ObjectNode document = (com.fasterxml.jackson.databind.node.ObjectNode) state();
        document.putArray("card_payments").addObject()
                .put("id", "card_payment_00000001abcdefghijkl")
                .put("card_id", OFFICE)
                .put("account_id", RIVERSIDE_OPERATING)
                .put("amount", 90_000)
                .put("merchant_category_code", GROCERY)
                .put("merchant_country", "US")
                .put("authorized_at", "2026-03-02T08:00:00.000Z")
                .putNull("transaction_id");
        ApiClient.Response imported = api.put("/_sandbox/state", document);
        assertThat(imported.status()).as(imported.toString()).isEqualTo(200);
        assertBreaches(authorize(OFFICE, 10_001, GROCERY), "per_day", 100_000, null);
        assertApproved(authorize(OFFICE, 10_000, GROCERY));
    }

    @Test
    void aStatePaymentOfAnUnknownCardOrAnotherAccountIsRefusedNamingTheFile() {
        com.fasterxml.jackson.databind.node.ObjectNode document = (com.fasterxml.jackson.databind.node.ObjectNode) state();
        var payments = document.putArray("card_payments");
        payments.addObject().put("id", "card_payment_00000001abcdefghijkl").put("card_id", "card_nope")
                .put("account_id", RIVERSIDE_OPERATING).put("amount", 100).put("merchant_category_code", GROCERY)
                .put("merchant_country", "US").put("authorized_at", "2026-03-02T08:00:00.000Z").putNull("transaction_id");
        payments.addObject().put("id", "card_payment_00000002abcdefghijkl").put("card_id", OFFICE)
                .put("account_id", LAKESIDE_OPERATING).put("amount", 100).put("merchant_category_code", GROCERY)
                .put("merchant_country", "US").put("authorized_at", "2026-03-02T08:00:00.000Z")
                .put("transaction_id", "transaction_nope");
        ApiClient.Response refused = api.put("/_sandbox/state", document);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(messages(refused)).containsExactlyInAnyOrder(
                "card_payments.json card_payment_00000001abcdefghijkl/card_id: unknown card card_nope",
                "card_payments.json card_payment_00000002abcdefghijkl/account_id: the card draws from " + RIVERSIDE_OPERATING,
                "card_payments.json card_payment_00000002abcdefghijkl/transaction_id: unknown transaction transaction_nope");
        // nothing changed
        assertThat(state().get("card_payments").size()).isZero();
    }

    @Test
    void aWebAppCardIsVisibleToTheControlApi() {
        assertApproved(authorize(WEB_APP, 100, GROCERY));
    }

    @Test
    void anUnknownCardIs404() {
        ApiClient.Response response = api.post("/_sandbox/cards/card_nope/authorizations",
                Map.of("amount", 100, "merchant_category_code", GROCERY), null);
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(404);
        assertThat(response.json().get("message").asText()).isEqualTo("Card card_nope not found");
    }

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

    // ---- validation ----------------------------------------------------------------------------

    @Test
    void aBodyWithoutAmountIsRefusedNamingItAlone() {
        ApiClient.Response response = api.post("/_sandbox/cards/" + OFFICE + "/authorizations", Map.of(), null);
        assertThat(response.status()).isEqualTo(400);
        assertThat(messages(response)).containsExactly("amount should not be empty");
    }

    @Test
    void aPaymentWithoutACategoryIsAtTheDefaultOne5047AndCountsAsSuch() {
        // 5047 is restricted by no limit of the fixtures and blocked by no policy: approved, held at 5047
        JsonNode held = Authorizations.authorize(api, OFFICE, Map.of("amount", 40_00, "settlement", "held"));
        assertThat(held.get("decision").asText()).as(held.toString()).isEqualTo("approved");
        assertThat(held.at("/authorization/merchant_category_code").asText()).isEqualTo("5047");
        assertThat(held.at("/authorization/merchant_country").asText()).isEqualTo("US");
        assertApproved(Authorizations.authorize(api, OFFICE, Map.of("amount", 1_00)));
        // a category given is the one decided on: the default is only a default
        assertDeclined(Authorizations.authorize(api, OFFICE, 1_00, "7995"), "transaction_not_allowed");
    }

    @Test
    void invalidFieldsAreEachNamed() {
        ApiClient.Response response = api.post("/_sandbox/cards/" + OFFICE + "/authorizations", Map.of(
                "amount", 0, "merchant_category_code", "54a1", "merchant_country", "usa", "tip", 1), null);
        assertThat(response.status()).isEqualTo(400);
        assertThat(messages(response)).containsExactlyInAnyOrder(
                "amount must be a positive number",
                "merchant_category_code must be a merchant category code of 4 digits",
                "merchant_country must be an ISO 3166-1 alpha-2 country code such as US",
                "property tip should not exist");
    }

    @Test
    void aCountryCodeNoCountryHasIsRefused() {
        ApiClient.Response response = api.post("/_sandbox/cards/" + OFFICE + "/authorizations", Map.of(
                "amount", 100, "merchant_category_code", GROCERY, "merchant_country", "XX"), null);
        assertThat(response.status()).isEqualTo(400);
        assertThat(messages(response)).containsExactly(
                "merchant_country must be an ISO 3166-1 alpha-2 country code such as US");
    }

    @Test
    void anAmountThatIsNotAnIntegerIsRefused() {
        ApiClient.Response response = api.post("/_sandbox/cards/" + OFFICE + "/authorizations", Map.of(
                "amount", 10.5, "merchant_category_code", GROCERY), null);
        assertThat(response.status()).isEqualTo(400);
        assertThat(messages(response)).containsExactly("amount must be an integer number");
        assertThat(state().get("card_payments").size()).isZero();
    }

    static List<String> messages(ApiClient.Response response) {
        List<String> messages = new ArrayList<>();
        for (Iterator<JsonNode> it = response.json().get("message").elements(); it.hasNext(); ) {
            messages.add(it.next().asText());
        }
        return messages;
    }
}
