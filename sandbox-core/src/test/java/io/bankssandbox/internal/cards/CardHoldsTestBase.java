package io.bankssandbox.internal.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the held card payment tests share: the fixture cards and accounts, and holding, settling, reversing and reading. */
abstract class CardHoldsTestBase extends SandboxTestBase {
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

    /** A card on Riverside Operating with the given limits. */
    String issueCard(List<Map<String, Object>> limits) {
        ApiClient.Response response = api.post("/v0/cards", Map.of("bank_account_id", RIVERSIDE_OPERATING,
                "nickname", "Holds", "authorization_controls", Map.of("usage", Map.of("category", "multi_use",
                        "multi_use", Map.of("spending_limits", limits)))));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json().get("id").asText();
    }
}
