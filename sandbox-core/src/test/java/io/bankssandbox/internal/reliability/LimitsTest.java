package io.bankssandbox.internal.reliability;

import io.bankssandbox.SandboxInternals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.http.RequestBodyParser;
import io.bankssandbox.internal.http.RequestJournal;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Size limits answer a clear 4xx, never a 500 or a reset connection, and refuse before any change. */
class LimitsTest extends SandboxTestBase {

    @Test
    void bodyOverOneMebibyteIsPayloadTooLargeOnEveryRouteButTheStateImport() {
        JsonNode before = state();
        String big = "{\"nickname\":\"" + "x".repeat(1024 * 1024) + "\"}";
        ApiClient.Response card = api.post("/v0/cards", big, "big-card-key-0001");
        assertThat(card.status()).isEqualTo(413);
        assertThat(card.json().get("error").asText()).isEqualTo("Payload Too Large");
        ApiClient.Response external = api.post("/v0/external-accounts", big, "big-external-key-01");
        assertThat(external.status()).isEqualTo(413);
        assertThat(external.json().fieldNames()).toIterable().containsExactly("error");
        // the state import has its own limit (256 MiB by default, StateImportTest): read through, refused as no state document
        ApiClient.Response imported = control.put("/_sandbox/state", big);
        assertThat(imported.status()).isEqualTo(400);
        assertThat(imported.json().get("message").get(0).asText()).startsWith("nickname.json: not a fixture file");
        assertThat(state()).isEqualTo(before);
    }

    @Test
    void aRefusalBeforeTheBodyIsReadStillReachesTheClientAsAStatus() {
        // the server reads what it refused, so the client's TCP stack never resets the connection on it
        String large = "{\"nickname\":\"" + "x".repeat(900_000) + "\"}";
        ApiClient.Response unauthorized = control.send("POST", "/v0/cards", large,
                Map.of("Content-Type", "application/json", "Idempotency-Key", "refused-large-0001"));
        assertThat(unauthorized.status()).isEqualTo(401);
        ApiClient.Response badKey = api.send("POST", "/v0/cards", large,
                Map.of("Content-Type", "application/json", "Idempotency-Key", "bad key"));
        assertThat(badKey.status()).isEqualTo(400);
        ApiClient.Response getWithBody = api.send("GET", "/v0/entities", large, Map.of("Content-Type", "application/json"));
        assertThat(getWithBody.status()).isEqualTo(200);
        ApiClient.Response unknownRoute = api.send("POST", "/v0/nothing", large, Map.of("Content-Type", "application/json"));
        assertThat(unknownRoute.status()).isEqualTo(404);
    }

    @Test
    void bodyOfExactlyOneMebibyteIsReadAndValidated() {
        String padded = "{\"nickname\":\"" + "x".repeat(1024 * 1024 - 16) + "\"}";
        ApiClient.Response response = api.post("/v0/cards", padded, "one-mib-key-00001");
        // read in full, then refused by the string limit: a 400, not a 413
        assertThat(response.status()).isEqualTo(400);
    }

    @Test
    void nestingUpToTheLimitParsesAndOneLevelMoreIsAClearBadRequest() {
        int depth = RequestBodyParser.MAX_NESTING_DEPTH;
        String atLimit = "{\"a\":".repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
        ApiClient.Response parsed = api.post("/v0/cards", atLimit, "nest-ok-key-00001");
        assertThat(parsed.status()).isEqualTo(400);
        assertThat(parsed.json().get("message").toString()).contains("property a should not exist");

        String tooDeep = "{\"a\":".repeat(depth) + "{}" + "}".repeat(depth);
        ApiClient.Response refused = api.post("/v0/cards", tooDeep, "nest-deep-key-0001");
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").asText())
                .startsWith("Request body exceeds a limit: Document nesting depth (65) exceeds the maximum allowed (64");
    }

    @Test
    void theJournalServesABodyAtTheNestingLimitThoughItNestsDeeperInTheAnswer() {
        int depth = RequestBodyParser.MAX_NESTING_DEPTH;
        String atLimit = "{\"a\":".repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
        assertThat(api.post("/v0/cards", atLimit, "nest-journal-key-1").status()).isEqualTo(400);
        ApiClient.Response journal = control.get("/_sandbox/requests");
        assertThat(journal.status()).isEqualTo(200);
        JsonNode recorded = journal.json().get("data").get(0).get("request_body");
        assertThat(recorded.at("/a".repeat(depth - 1))).isEqualTo(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode());
    }

    @Test
    void aStringOverSixtyFourKibibytesIsAClearBadRequestNamingTheLimit() {
        String body = "{\"nickname\":\"" + "n".repeat(RequestBodyParser.MAX_STRING_LENGTH + 1) + "\"}";
        ApiClient.Response response = api.post("/v0/cards", body, "long-string-key-01");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").asText())
                .startsWith("Request body exceeds a limit: String value length")
                .contains("65536");
        ApiClient.Response external = api.post("/v0/external-accounts", body, "long-string-key-02");
        assertThat(external.status()).isEqualTo(400);
        assertThat(external.json().get("error").asText()).contains("String value length");
    }

    @Test
    void aStringJustUnderTheLimitReachesTheSchemaRules() {
        String body = "{\"nickname\":\"" + "n".repeat(RequestBodyParser.MAX_STRING_LENGTH - 1) + "\"}";
        ApiClient.Response response = api.post("/v0/cards", body, "long-string-key-03");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").isArray()).isTrue();
    }

    @Test
    void aNumberWithHundredsOfDigitsIsAClearBadRequest() {
        String body = "{\"source_account_id\":\"" + riversideOperatingAccountId() + "\",\"amount\":" + "9".repeat(500) + "}";
        ApiClient.Response response = api.post("/v0/book-transfer", body, "long-number-key-01");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").asText()).startsWith("Request body exceeds a limit: Number value length");
    }

    @Test
    void aNumberBeyondADoubleIsAClearBadRequestNotAServerError() {
        JsonNode before = state();
        String account = riversideOperatingAccountId();
        for (String amount : new String[] {"1e400", "-1e400", "1E+999"}) {
            ApiClient.Response simulated = control.post("/_sandbox/inbound-ach-transfers",
                    "{\"account_id\":\"" + account + "\",\"amount\":" + amount + "}", null);
            assertThat(simulated.status()).as(simulated.toString()).isEqualTo(400);
            assertThat(simulated.json().get("message").asText())
                    .isEqualTo("Request body has a number out of range at /amount");
            ApiClient.Response transfer = api.post("/v0/book-transfer", "{\"source_account_id\":\"" + account
                    + "\",\"destination_account_id\":\"" + account + "\",\"amount\":" + amount + "}", "huge-amount-key-01");
            assertThat(transfer.status()).as(transfer.toString()).isEqualTo(400);
        }
        assertThat(state()).isEqualTo(before);
    }

    @Test
    void requestLineOverEightKibibytesIsAJsonAnswerNotAnHtmlPage() {
        ApiClient.Response response = api.get("/v0/cards/card_" + "x".repeat(9_000));
        assertThat(response.status()).isIn(414, 431);
        assertThat(response.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(response.status());
        // the server closes a connection whose request it could not read, and says so: a client that
        // kept it would send its next request (a POST, which it does not retry) into a closed socket
        assertThat(response.header("Connection")).hasValue("close");
    }

    @Test
    void theJournalStaysAtItsCapacityUnderManyRequests() {
        RequestJournal journal = SandboxInternals.runtime(sandbox).journal();
        for (int i = 0; i < RequestJournal.DEFAULT_CAPACITY + 500; i++) {
            journal.record(sandbox.clock().now(), "GET", "/v0/entities", null, null, 200, null);
        }
        api.get("/v0/entities?limit=1");
        assertThat(journal.size()).isEqualTo(RequestJournal.DEFAULT_CAPACITY);
        JsonNode served = control.get("/_sandbox/requests").json().get("data");
        assertThat(served).hasSize(RequestJournal.DEFAULT_CAPACITY);
        assertThat(served.get(served.size() - 1).get("path").asText()).isEqualTo("/v0/entities?limit=1");
    }

    @Test
    void anIdempotencyKeyIsForgottenAfterTwentyFourHoursOfSandboxTime() {
        String key = "retention-key-0001";
        ApiClient.Response first = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), key);
        assertThat(first.status()).isEqualTo(201);
        sandbox.clock().advance(Duration.ofHours(23));
        Map<String, Object> other = cardBody(riversideOperatingAccountId());
        ApiClient.Response otherBody = api.post("/v0/cards", Map.of("bank_account_id", other.get("bank_account_id"),
                "nickname", "Other", "authorization_controls", other.get("authorization_controls")), key);
        assertThat(otherBody.status()).isEqualTo(422);
        sandbox.clock().advance(Duration.ofHours(1).plusSeconds(1));
        ApiClient.Response reused = api.post("/v0/cards", Map.of("bank_account_id", other.get("bank_account_id"),
                "nickname", "Other", "authorization_controls", other.get("authorization_controls")), key);
        assertThat(reused.status()).isEqualTo(201);
        assertThat(reused.json().get("id").asText()).isNotEqualTo(first.json().get("id").asText());
    }
}
