package io.bankssandbox.internal.externalaccounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
class ExternalAccountsTest extends ExternalAccountsTestBase {

    // ------------------------------------------------------------------ create

    @Test
    void createdAccountIsActiveWithExactlyTheDocumentedFields() {
        ApiClient.Response response = api.post("/v0/external-accounts", validBody(riverside));

        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        JsonNode account = response.json();
        assertThat(fieldNames(account)).containsExactlyInAnyOrder("id", "entity_id", "nickname", "holder_type",
                "routing_number", "account_number", "status", "created_at");
        assertThat(account.get("id").asText()).startsWith("external_account_");
        assertThat(account.get("entity_id").asText()).isEqualTo(riverside);
        assertThat(account.get("nickname").asText()).isEqualTo("Medline supplies");
        assertThat(account.get("holder_type").asText()).isEqualTo("business");
        assertThat(account.get("routing_number").asText()).isEqualTo("021000021");
        assertThat(account.get("account_number").asText()).isEqualTo("4471002231");
        assertThat(account.get("status").asText()).isEqualTo("active");
        assertThat(account.get("created_at").asText()).isEqualTo(Json.timestamp(sandbox.clock().now()));
        assertThat(api.get("/v0/external-accounts/" + account.get("id").asText()).json()).isEqualTo(account);
    }

    @Test
    void optionalLine2MayBeLeftOutAndIndividualsAreAccepted() {
        ObjectNode body = validBody(riverside).put("holder_type", "individual").put("account_number", "0001");
        ((ObjectNode) body.get("holder_address")).remove("line2");
        ((ObjectNode) body.get("holder_address")).put("postal_code", "60601-1234").put("state", "PR");

        ApiClient.Response response = api.post("/v0/external-accounts", body);

        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        assertThat(response.json().get("holder_type").asText()).isEqualTo("individual");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requiredFields")
    void missingRequiredFieldIsNamedInTheError(String field, String message) {
        ObjectNode body = validBody(riverside);
        if (field.startsWith("holder_address.")) {
            ((ObjectNode) body.get("holder_address")).remove(field.substring("holder_address.".length()));
        } else {
            body.remove(field);
        }
        assertSimpleError(api.post("/v0/external-accounts", body), 400, message);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("brokenRules")
    void brokenFieldRuleIsNamedInTheError(String field, String value, String message) {
        ObjectNode body = validBody(riverside);
        if (field.startsWith("holder_address.")) {
            ((ObjectNode) body.get("holder_address")).put(field.substring("holder_address.".length()), value);
        } else {
            body.put(field, value);
        }
        assertSimpleError(api.post("/v0/external-accounts", body), 400, message);
    }

    @Test
    void emptyBodyNamesTheFirstMissingField() {
        assertSimpleError(api.post("/v0/external-accounts", Map.of()), 400, "entity_id should not be empty");
        assertSimpleError(api.post("/v0/external-accounts", ""), 400, "entity_id should not be empty");
    }

    @Test
    void holderNameOfExactly100CharactersIsAccepted() {
        assertThat(api.post("/v0/external-accounts", validBody(riverside).put("holder_name", "x".repeat(100))).status())
                .isEqualTo(201);
    }

    @Test
    void unknownPropertiesAreRejected() {
        assertSimpleError(api.post("/v0/external-accounts", validBody(riverside).put("memo", "hi")), 400,
                "property memo should not exist");
        ObjectNode nested = validBody(riverside);
        ((ObjectNode) nested.get("holder_address")).put("county", "Cook");
        assertSimpleError(api.post("/v0/external-accounts", nested), 400, "property holder_address.county should not exist");
    }

    @Test
    void wrongTypesAreRejected() {
        assertSimpleError(api.post("/v0/external-accounts", validBody(riverside).put("routing_number", 21000021)), 400,
                "routing_number must be a 9-digit ABA routing number");
        assertSimpleError(api.post("/v0/external-accounts", validBody(riverside).put("holder_address", "Chicago")), 400,
                "holder_address must be an object");
        assertSimpleError(api.post("/v0/external-accounts", "[1, 2]"), 400, "Request body must be a JSON object");
        assertSimpleError(api.post("/v0/external-accounts", "{\"entity_id\": "), 400, null);
    }

    @Test
    void unknownOrInvisibleEntityIsNotFound() {
        assertSimpleError(api.post("/v0/external-accounts", validBody("entity_doesnotexist")), 404,
                "Entity entity_doesnotexist not found");
        assertSimpleError(api.as("lm_key_sandbox_one").post("/v0/external-accounts", validBody(lakeside)), 404,
                "Entity " + lakeside + " not found");
        assertThat(api.as("lm_key_sandbox_one").post("/v0/external-accounts", validBody(riverside)).status()).isEqualTo(201);
    }

    // ------------------------------------------------------------------ idempotency and auth

    @Test
    void replayAnswersTheSameAccountAndCreatesNoSecond() {
        String key = "ext-" + UUID.randomUUID();
        ApiClient.Response first = api.post("/v0/external-accounts", validBody(summit), key);
        ApiClient.Response replay = api.post("/v0/external-accounts", validBody(summit), key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header("Idempotency-Replayed")).isEmpty();
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.json()).isEqualTo(first.json());
        assertThat(replay.header("Idempotency-Replayed")).contains("true");
        assertThat(listAll("entity_id=" + summit, 100)).hasSize(1);
    }

    @Test
    void replayOfAnArchivedAccountShowsItArchived() {
        String key = "ext-" + UUID.randomUUID();
        String id = api.post("/v0/external-accounts", validBody(summit), key).json().get("id").asText();
        assertThat(api.post("/_sandbox/external-accounts/" + id + "/archive", null, null).status()).isEqualTo(200);

        ApiClient.Response replay = api.post("/v0/external-accounts", validBody(summit), key);

        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.json().get("id").asText()).isEqualTo(id);
        assertThat(replay.json().get("status").asText()).isEqualTo("archived");
    }

    @Test
    void concurrentDuplicatesCreateOneAccount() throws Exception {
        String key = "ext-" + UUID.randomUUID();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            List<java.util.concurrent.Future<ApiClient.Response>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(pool.submit(() -> api.post("/v0/external-accounts", validBody(summit), key)));
            }
            Set<String> ids = new HashSet<>();
            for (java.util.concurrent.Future<ApiClient.Response> answer : answers) {
                ApiClient.Response response = answer.get();
                if (response.status() == 201) {
                    ids.add(response.json().get("id").asText());
                } else {
                    assertSimpleError(response, 409, null);
                }
            }
            assertThat(ids).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(listAll("entity_id=" + summit, 100)).hasSize(1);
    }

    @Test
    void sameKeyWithAnotherBodyIs422() {
        String key = "ext-" + UUID.randomUUID();
        assertThat(api.post("/v0/external-accounts", validBody(summit), key).status()).isEqualTo(201);
        ApiClient.Response other = api.post("/v0/external-accounts", validBody(summit).put("nickname", "Other"), key);
        assertSimpleError(other, 422, null);
        assertThat(other.json().get("error").asText()).contains("Idempotency-Key");
        // even an invalid body
        assertSimpleError(api.post("/v0/external-accounts", validBody(summit).put("holder_type", "x"), key), 422, null);
    }

    @Test
    void rejectedRequestStoresNothingSoItsKeyCanBeReused() {
        String key = "ext-" + UUID.randomUUID();
        assertThat(api.post("/v0/external-accounts", validBody(summit).put("routing_number", "021000022"), key).status())
                .isEqualTo(400);
        assertThat(api.post("/v0/external-accounts", validBody(summit), key).status()).isEqualTo(201);
    }

    @Test
    void missingOrMalformedIdempotencyKeyIsASimpleError() {
        ApiClient.Response missing = api.post("/v0/external-accounts", validBody(riverside), null);
        assertSimpleError(missing, 400, null);
        assertThat(missing.json().get("error").asText()).contains("Idempotency-Key");
        ApiClient.Response malformed = api.post("/v0/external-accounts", validBody(riverside), "short");
        assertSimpleError(malformed, 400, null);
        assertThat(malformed.json().get("error").asText()).contains("Idempotency-Key");
        assertThat(listAll("entity_id=" + riverside, 100)).hasSize(2);
    }

    @Test
    void withoutAValidApiKeyEveryRouteAnswersASimple401() {
        assertSimpleError(api.as(null).post("/v0/external-accounts", validBody(riverside)), 401, "Authorization header must be 'Bearer <API key>' with a key this sandbox knows");
        assertSimpleError(api.as("lm_key_nope").post("/v0/external-accounts", validBody(riverside)), 401, null);
        assertSimpleError(api.as(null).get("/v0/external-accounts"), 401, null);
        assertSimpleError(api.as(null).get("/v0/external-accounts/external_account_x"), 401, null);
    }

    @Test
    void bodyThatIsNotJsonIsASimple415() {
        ApiClient.Response response = api.send("POST", "/v0/external-accounts", "entity_id=x",
                Map.of("Content-Type", "text/plain", "Idempotency-Key", "ext-" + UUID.randomUUID()));
        assertSimpleError(response, 415, null);
    }

    @Test
    void bodyOverOneMebibyteIsASimple413() {
        String huge = "{\"nickname\": \"" + "x".repeat(1_100_000) + "\"}";
        assertSimpleError(api.post("/v0/external-accounts", huge), 413, null);
    }
}
