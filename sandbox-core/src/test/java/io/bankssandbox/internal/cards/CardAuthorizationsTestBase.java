package io.bankssandbox.internal.cards;

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

/** What the card payment tests share: the fixture cards, accounts and categories, paying, the clock and issuing a card with limits. */
abstract class CardAuthorizationsTestBase extends SandboxTestBase {
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

    static List<String> messages(ApiClient.Response response) {
        List<String> messages = new ArrayList<>();
        for (Iterator<JsonNode> it = response.json().get("message").elements(); it.hasNext(); ) {
            messages.add(it.next().asText());
        }
        return messages;
    }
}
