package io.bankssandbox.internal.cards;

import static io.bankssandbox.internal.cards.Authorizations.assertApproved;
import static io.bankssandbox.internal.cards.Authorizations.assertBreaches;
import static io.bankssandbox.internal.cards.Authorizations.assertDeclined;
import static io.bankssandbox.internal.cards.Authorizations.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /_sandbox/cards/{id}/authorizations} through real HTTP against the default fixtures
 * (clock frozen at Monday 2026-03-02T15:00:00Z).
 */
class CardAuthorizationsTest extends CardAuthorizationsTestBase {

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
}
