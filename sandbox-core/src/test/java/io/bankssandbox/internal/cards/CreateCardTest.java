package io.bankssandbox.internal.cards;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Luhn;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CreateCardTest extends SandboxTestBase {

    private static Map<String, Object> body(String accountId, String nickname, List<Map<String, Object>> limits) {
        return Map.of("bank_account_id", accountId, "nickname", nickname,
                "authorization_controls", Map.of("usage", Map.of("category", "multi_use",
                        "multi_use", Map.of("spending_limits", limits))));
    }

    private static Map<String, Object> limit(String interval, Object amount) {
        Map<String, Object> limit = new HashMap<>();
        limit.put("interval", interval);
        limit.put("amount", amount);
        return limit;
    }

    private List<String> messages(ApiClient.Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(400);
        assertThat(response.json().get("error").asText()).isEqualTo("Bad Request");
        List<String> messages = new ArrayList<>();
        response.json().get("message").forEach(m -> messages.add(m.asText()));
        return messages;
    }

    @Test
    void validCardIsCreatedActiveWithServiceAppliedControls() {
        ApiClient.Response response = api.post("/v0/cards", cardBody(riversideOperatingAccountId()));
        assertThat(response.status()).isEqualTo(201);
        JsonNode card = response.json();
        List<String> fields = new ArrayList<>();
        card.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("id", "created_at", "entity_id", "bank_account_id", "nickname", "last_4",
                "status", "authorization_controls");
        assertThat(card.get("id").asText()).startsWith("card_");
        assertThat(card.get("status").asText()).isEqualTo("active");
        assertThat(card.get("entity_id").asText()).isEqualTo(riversideId());
        assertThat(card.get("created_at").asText()).isEqualTo("2026-03-02T15:00:00.000Z");
        assertThat(card.get("last_4").asText()).matches("\\d{4}");
        JsonNode controls = card.get("authorization_controls");
        assertThat(controls.get("usage").get("category").asText()).isEqualTo("multi_use");
        JsonNode limits = controls.get("usage").get("multi_use").get("spending_limits");
        assertThat(limits).hasSize(3);
        assertThat(limits.get(0).toString()).isEqualTo("{\"interval\":\"per_transaction\",\"amount\":5000,\"merchant_category_codes\":null}");
        assertThat(limits.get(1).toString()).isEqualTo("{\"interval\":\"per_day\",\"amount\":20000,\"merchant_category_codes\":null}");
        assertThat(limits.get(2).toString()).isEqualTo("{\"interval\":\"per_month\",\"amount\":200000,\"merchant_category_codes\":[\"6010\",\"6011\"]}");
        assertThat(controls.get("merchant_category_code").toString())
                .isEqualTo("{\"allowed\":null,\"blocked\":[\"7995\",\"6051\",\"4829\",\"6211\"]}");
        assertThat(controls.get("merchant_acceptor_identifier").isNull()).isTrue();
        assertThat(controls.get("merchant_country").isNull()).isTrue();
    }

    @Test
    void createdCardCanBeReadBack() {
        JsonNode created = api.post("/v0/cards", cardBody(riversideOperatingAccountId())).json();
        ApiClient.Response read = api.get("/v0/cards/" + created.get("id").asText());
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(created);
    }

    @Test
    void nicknameOfFiftyCharactersIsAcceptedAndFiftyOneRejected() {
        String account = riversideOperatingAccountId();
        assertThat(api.post("/v0/cards", body(account, "n".repeat(50), List.of(limit("per_day", 100)))).status()).isEqualTo(201);
        assertThat(messages(api.post("/v0/cards", body(account, "n".repeat(51), List.of(limit("per_day", 100))))))
                .containsExactly("nickname must be shorter than or equal to 50 characters");
        assertThat(messages(api.post("/v0/cards", body(account, "", List.of(limit("per_day", 100))))))
                .containsExactly("nickname should not be empty");
    }

    @Test
    void missingFieldsAreEachNamed() {
        assertThat(messages(api.post("/v0/cards", Map.of()))).containsExactlyInAnyOrder(
                "bank_account_id should not be empty", "nickname should not be empty",
                "authorization_controls should not be empty");
        assertThat(messages(api.post("/v0/cards", Map.of("bank_account_id", "account_x", "nickname", "x",
                "authorization_controls", Map.of("usage", Map.of("category", "multi_use"))))))
                .containsExactly("authorization_controls.usage.multi_use should not be empty");
    }

    @Test
    void onlyMultiUseCanBeIssued() {
        List<String> messages = messages(api.post("/v0/cards", Map.of("bank_account_id", "account_x", "nickname", "x",
                "authorization_controls", Map.of("usage", Map.of("category", "single_use",
                        "multi_use", Map.of("spending_limits", List.of(limit("per_day", 1))))))));
        assertThat(messages).contains("authorization_controls.usage.category must be one of the following values: multi_use");
    }

    @Test
    void spendingLimitsMustHoldOneToFiveEntries() {
        String account = riversideOperatingAccountId();
        assertThat(messages(api.post("/v0/cards", body(account, "x", List.of()))))
                .containsExactly("authorization_controls.usage.multi_use.spending_limits must contain at least 1 elements");
        List<Map<String, Object>> six = List.of(limit("per_transaction", 1), limit("per_day", 2), limit("per_week", 3),
                limit("per_month", 4), limit("all_time", 5), limit("all_time", 6));
        assertThat(messages(api.post("/v0/cards", body(account, "x", six))))
                .contains("authorization_controls.usage.multi_use.spending_limits must contain no more than 5 elements");
    }

    @Test
    void atMostOneLimitPerInterval() {
        assertThat(messages(api.post("/v0/cards", body(riversideOperatingAccountId(), "x",
                List.of(limit("per_day", 100), limit("per_day", 200))))))
                .containsExactly("authorization_controls.usage.multi_use.spending_limits must hold at most one limit per interval, but per_day appears more than once");
    }

    @Test
    void cardWithDecreasingLimitsIsRejectedWithEveryViolation() {
        List<String> messages = messages(api.post("/v0/cards", body(riversideOperatingAccountId(), "x", List.of(
                limit("per_transaction", 5_000), limit("per_day", 1_000), limit("per_month", 500)))));
        assertThat(messages).containsExactlyInAnyOrder(
                "authorization_controls.usage.multi_use.spending_limits amounts must not decrease as the interval widens: per_day (1000) is less than per_transaction (5000)",
                "authorization_controls.usage.multi_use.spending_limits amounts must not decrease as the interval widens: per_month (500) is less than per_transaction (5000)",
                "authorization_controls.usage.multi_use.spending_limits amounts must not decrease as the interval widens: per_month (500) is less than per_day (1000)");
    }

    @Test
    void equalAmountsAcrossIntervalsAreAllowedInAnyOrder() {
        assertThat(api.post("/v0/cards", body(riversideOperatingAccountId(), "x", List.of(
                limit("all_time", 1_000), limit("per_transaction", 1_000)))).status()).isEqualTo(201);
    }

    @Test
    void amountsMustBePositiveIntegers() {
        String account = riversideOperatingAccountId();
        assertThat(messages(api.post("/v0/cards", body(account, "x", List.of(limit("per_day", 0))))))
                .containsExactly("authorization_controls.usage.multi_use.spending_limits[0].amount must be a positive number");
        assertThat(messages(api.post("/v0/cards", body(account, "x", List.of(limit("per_day", -5))))))
                .containsExactly("authorization_controls.usage.multi_use.spending_limits[0].amount must be a positive number");
        assertThat(messages(api.post("/v0/cards", body(account, "x", List.of(limit("per_day", 10.5))))))
                .containsExactly("authorization_controls.usage.multi_use.spending_limits[0].amount must be an integer number");
        assertThat(messages(api.post("/v0/cards", body(account, "x", List.of(limit("per_day", "100"))))))
                .containsExactly("authorization_controls.usage.multi_use.spending_limits[0].amount must be an integer number");
        assertThat(messages(api.post("/v0/cards", body(account, "x", List.of(limit("per_fortnight", 100))))))
                .containsExactly("authorization_controls.usage.multi_use.spending_limits[0].interval must be one of the following values: per_transaction, per_day, per_week, per_month, all_time");
    }

    @Test
    void unknownPropertiesAreRejectedAtEveryLevel() {
        Map<String, Object> body = new HashMap<>(cardBody(riversideOperatingAccountId()));
        body.put("color", "red");
        assertThat(messages(api.post("/v0/cards", body))).containsExactly("property color should not exist");
        Map<String, Object> limitWithExtra = limit("per_day", 100);
        limitWithExtra.put("currency", "USD");
        assertThat(messages(api.post("/v0/cards", body(riversideOperatingAccountId(), "x", List.of(limitWithExtra)))))
                .containsExactly("property authorization_controls.usage.multi_use.spending_limits[0].currency should not exist");
    }

    @Test
    void everyViolationIsListedInOneAnswer() {
        Map<String, Object> body = new HashMap<>(body(riversideOperatingAccountId(), "n".repeat(60),
                List.of(limit("per_day", 500), limit("per_week", 100))));
        body.put("extra", true);
        assertThat(messages(api.post("/v0/cards", body))).containsExactlyInAnyOrder(
                "nickname must be shorter than or equal to 50 characters",
                "property extra should not exist",
                "authorization_controls.usage.multi_use.spending_limits amounts must not decrease as the interval widens: per_week (100) is less than per_day (500)");
    }

    @Test
    void rejectedCardCreatesNothing() {
        int before = state().get("cards").size();
        api.post("/v0/cards", body(riversideOperatingAccountId(), "", List.of(limit("per_day", 1))));
        assertThat(state().get("cards").size()).isEqualTo(before);
    }

    @Test
    void unknownBankAccountIsNotFound() {
        ApiClient.Response response = api.post("/v0/cards", cardBody("account_doesnotexist"));
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().toString()).isEqualTo(
                "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Account account_doesnotexist not found\"}");
    }

    @Test
    void unknownCardIsNotFoundWithItsId() {
        ApiClient.Response response = api.get("/v0/cards/card_nope");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().toString()).isEqualTo(
                "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Card card_nope not found\"}");
    }

    @Test
    void cardIssuedInTheWebAppIsNotFound() {
        String webAppCard = rows("cards", "issued_via", "web_app").get(0).get("id").asText();
        ApiClient.Response response = api.get("/v0/cards/" + webAppCard);
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("message").asText()).isEqualTo("Card " + webAppCard + " not found");
    }

    @Test
    void fixtureCardsShowTheirStatus() {
        String canceled = rows("cards", "status", "canceled").get(0).get("id").asText();
        assertThat(api.get("/v0/cards/" + canceled).json().get("status").asText()).isEqualTo("canceled");
        String disabled = rows("cards", "status", "disabled").get(0).get("id").asText();
        assertThat(api.get("/v0/cards/" + disabled).json().get("status").asText()).isEqualTo("disabled");
    }

    @Test
    void lastFourComesFromALuhnValidCardNumber() {
        JsonNode card = api.post("/v0/cards", cardBody(riversideOperatingAccountId())).json();
        String pan = CardNumbers.pan(card.get("id").asText(), card.get("last_4").asText());
        assertThat(pan).hasSize(16).endsWith(card.get("last_4").asText());
        assertThat(Luhn.isValid(pan)).isTrue();
    }

    @Test
    void aStateWithoutAPolicyGetsTheDefaultFixturesCardControls() {
        JsonNode policy = state().get("policy");
        ObjectNode withoutPolicy = (ObjectNode) state().deepCopy();
        withoutPolicy.remove("policy");
        sandbox.importState(withoutPolicy);
        assertThat(state().get("policy")).isEqualTo(policy);
        assertThat(policy.get("blocked_merchant_category_codes")).hasSize(4);
    }
}
