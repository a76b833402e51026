package io.bankssandbox.internal.externalaccounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ExternalAccountsTest extends SandboxTestBase {
    private static String riverside;
    private static String lakeside;
    private static String summit;

    @BeforeAll
    void prepare() {
        riverside = entityNamed("Riverside Family Medicine, P.C.");
        lakeside = entityNamed("Lakeside Pediatrics, PLLC");
        summit = entityNamed("Summit Physical Therapy LLC");
    }

    private String entityNamed(String name) {
        for (JsonNode entity : api.get("/v0/entities?limit=100").json().get("data")) {
            if (entity.get("name").asText().equals(name)) {
                return entity.get("id").asText();
            }
        }
        throw new AssertionError("no entity " + name + " in the default fixtures");
    }

    /** A request every rule accepts. */
    private ObjectNode validBody(String entityId) {
        ObjectNode body = Json.MAPPER.createObjectNode()
                .put("entity_id", entityId)
                .put("nickname", "Medline supplies")
                .put("holder_type", "business")
                .put("routing_number", "021000021")
                .put("account_number", "4471002231")
                .put("holder_name", "Medline Industries, LP");
        body.putObject("holder_address")
                .put("line1", "200 Vendor Pkwy")
                .put("line2", "Suite 4")
                .put("city", "Chicago")
                .put("state", "IL")
                .put("postal_code", "60601")
                .put("country", "US");
        return body;
    }

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

    Stream<Arguments> requiredFields() {
        return Stream.of(
                Arguments.of("entity_id", "entity_id should not be empty"),
                Arguments.of("nickname", "nickname should not be empty"),
                Arguments.of("holder_type", "holder_type should not be empty"),
                Arguments.of("routing_number", "routing_number should not be empty"),
                Arguments.of("account_number", "account_number should not be empty"),
                Arguments.of("holder_name", "holder_name should not be empty"),
                Arguments.of("holder_address", "holder_address should not be empty"),
                Arguments.of("holder_address.line1", "holder_address.line1 should not be empty"),
                Arguments.of("holder_address.city", "holder_address.city should not be empty"),
                Arguments.of("holder_address.state", "holder_address.state should not be empty"),
                Arguments.of("holder_address.postal_code", "holder_address.postal_code should not be empty"),
                Arguments.of("holder_address.country", "holder_address.country should not be empty"));
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

    Stream<Arguments> brokenRules() {
        return Stream.of(
                Arguments.of("routing_number", "021000022",
                        "routing_number must be a valid ABA routing number: 021000022 fails the check-digit test"),
                Arguments.of("routing_number", "02100002", "routing_number must be a 9-digit ABA routing number"),
                Arguments.of("routing_number", "0210000211", "routing_number must be a 9-digit ABA routing number"),
                Arguments.of("routing_number", "02100002a", "routing_number must be a 9-digit ABA routing number"),
                Arguments.of("account_number", "12345abc", "account_number must be 4 to 17 digits, digits only"),
                Arguments.of("account_number", "123", "account_number must be 4 to 17 digits, digits only"),
                Arguments.of("account_number", "123456789012345678", "account_number must be 4 to 17 digits, digits only"),
                Arguments.of("account_number", "1234-5678", "account_number must be 4 to 17 digits, digits only"),
                Arguments.of("holder_type", "llc", "holder_type must be one of the following values: business, individual"),
                Arguments.of("nickname", "", "nickname should not be empty"),
                Arguments.of("holder_name", "", "holder_name should not be empty"),
                Arguments.of("holder_name", "x".repeat(101), "holder_name must be shorter than or equal to 100 characters"),
                Arguments.of("holder_address.line1", "", "holder_address.line1 should not be empty"),
                Arguments.of("holder_address.state", "ZZ",
                        "holder_address.state must be a two-letter US state or territory code, such as CA"),
                Arguments.of("holder_address.state", "ca",
                        "holder_address.state must be a two-letter US state or territory code, such as CA"),
                Arguments.of("holder_address.state", "California",
                        "holder_address.state must be a two-letter US state or territory code, such as CA"),
                Arguments.of("holder_address.postal_code", "6060",
                        "holder_address.postal_code must be a US ZIP code: 5 digits, or ZIP+4 such as 94105-1234"),
                Arguments.of("holder_address.country", "CA",
                        "holder_address.country must be US: only US addresses are supported"));
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

    // ------------------------------------------------------------------ get, list, archive

    @Test
    void getOfUnknownOrInvisibleAccountIsNotFound() {
        assertSimpleError(api.get("/v0/external-accounts/external_account_nope"), 404,
                "External account external_account_nope not found");
        String lakesideAccount = listAll("entity_id=" + lakeside, 100).get(0).get("id").asText();
        assertSimpleError(api.as("lm_key_sandbox_one").get("/v0/external-accounts/" + lakesideAccount), 404,
                "External account " + lakesideAccount + " not found");
    }

    @Test
    void listPagesThroughEveryActiveAccountOnceNewestFirst() {
        Set<String> archived = new HashSet<>();
        Set<String> active = new LinkedHashSet<>();
        for (int i = 0; i < 23; i++) {
            sandbox.clock().advance(java.time.Duration.ofMinutes(1));
            String id = api.post("/v0/external-accounts", validBody(summit).put("nickname", "Vendor " + i))
                    .json().get("id").asText();
            if (i % 5 == 0) {
                assertThat(api.post("/_sandbox/external-accounts/" + id + "/archive", null, null).status()).isEqualTo(200);
                archived.add(id);
            } else {
                active.add(id);
            }
        }

        List<JsonNode> listed = listAll("entity_id=" + summit, 4);

        List<String> ids = listed.stream().map(a -> a.get("id").asText()).toList();
        assertThat(ids).doesNotHaveDuplicates();
        List<String> newestFirst = new ArrayList<>(active);
        java.util.Collections.reverse(newestFirst);
        assertThat(ids).containsExactlyElementsOf(newestFirst);
        assertThat(ids).doesNotContainAnyElementsOf(archived);
        assertThat(listed).allSatisfy(a -> assertThat(a.get("status").asText()).isEqualTo("active"));
    }

    @Test
    void listDefaultsToTenAndEndsWithANullCursor() {
        for (int i = 0; i < 12; i++) {
            api.post("/v0/external-accounts", validBody(summit).put("nickname", "Vendor " + i));
        }
        JsonNode first = api.get("/v0/external-accounts?entity_id=" + summit).json();
        assertThat(first.get("data")).hasSize(10);
        assertThat(first.get("has_next").asBoolean()).isTrue();
        JsonNode second = api.get("/v0/external-accounts?entity_id=" + summit + "&cursor=" + first.get("cursor").asText()).json();
        assertThat(second.get("data")).hasSize(2);
        assertThat(second.get("has_next").asBoolean()).isFalse();
        assertThat(second.get("cursor").isNull()).isTrue();
    }

    @Test
    void listWithoutEntityShowsEveryVisibleEntitysActiveAccounts() {
        List<JsonNode> all = listAll("", 100);
        assertThat(all).extracting(a -> a.get("entity_id").asText()).contains(riverside, lakeside);
        assertThat(all).allSatisfy(a -> assertThat(a.get("status").asText()).isEqualTo("active"));

        List<JsonNode> one = new ArrayList<>();
        for (JsonNode account : api.as("lm_key_sandbox_one").get("/v0/external-accounts?limit=100").json().get("data")) {
            one.add(account);
        }
        assertThat(one).isNotEmpty();
        assertThat(one).allSatisfy(a -> assertThat(a.get("entity_id").asText()).isEqualTo(riverside));
        assertSimpleError(api.as("lm_key_sandbox_one").get("/v0/external-accounts?entity_id=" + lakeside), 404,
                "Entity " + lakeside + " not found");
    }

    @Test
    void badListParametersAreSimpleErrors() {
        assertSimpleError(api.get("/v0/external-accounts?limit=0"), 400, "limit must be a positive number");
        assertSimpleError(api.get("/v0/external-accounts?limit=101"), 400, "limit must not be greater than 100");
        assertSimpleError(api.get("/v0/external-accounts?limit=ten"), 400, "limit must be an integer number");
        assertSimpleError(api.get("/v0/external-accounts?cursor=bm90LWEtY3Vyc29y"), 400, null);
        assertSimpleError(api.get("/v0/external-accounts?entity_id=entity_nope"), 404, "Entity entity_nope not found");
    }

    @Test
    void archivedAccountIsStillReturnedByIdButLeftOutOfTheList() {
        JsonNode created = api.post("/v0/external-accounts", validBody(summit)).json();
        String id = created.get("id").asText();

        ApiClient.Response archived = api.post("/_sandbox/external-accounts/" + id + "/archive", null, null);

        assertThat(archived.status()).isEqualTo(200);
        ObjectNode expected = ((ObjectNode) created.deepCopy()).put("status", "archived");
        assertThat(archived.json()).isEqualTo(expected);
        assertThat(api.get("/v0/external-accounts/" + id).json()).isEqualTo(expected);
        assertThat(listAll("entity_id=" + summit, 100)).isEmpty();
    }

    @Test
    void archivingTwiceIsAConflict() {
        String id = api.post("/v0/external-accounts", validBody(summit)).json().get("id").asText();
        assertThat(api.post("/_sandbox/external-accounts/" + id + "/archive", null, null).status()).isEqualTo(200);

        ApiClient.Response again = api.post("/_sandbox/external-accounts/" + id + "/archive", null, null);

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json()).isEqualTo(Json.MAPPER.valueToTree(Map.of("statusCode", 409, "error", "Conflict",
                "message", "External account " + id + " is already archived")));
        ApiClient.Response unknown = api.post("/_sandbox/external-accounts/external_account_nope/archive", null, null);
        assertThat(unknown.status()).isEqualTo(404);
    }

    @Test
    void fixtureArchivedAccountIsNotListedButCanBeFetched() {
        JsonNode state = api.get("/_sandbox/state").json();
        String archivedId = null;
        for (JsonNode account : state.get("external_accounts")) {
            if (account.get("status").asText().equals("archived")) {
                archivedId = account.get("id").asText();
            }
        }
        assertThat(archivedId).isNotNull();
        assertThat(api.get("/v0/external-accounts/" + archivedId).json().get("status").asText()).isEqualTo("archived");
        assertThat(listAll("", 100)).extracting(a -> a.get("id").asText()).doesNotContain(archivedId);
    }

    // ------------------------------------------------------------------ helpers

    /** Every page of a listing, following cursors; checks each envelope. */
    private List<JsonNode> listAll(String query, int limit) {
        List<JsonNode> all = new ArrayList<>();
        String cursor = null;
        for (int pages = 0; pages < 1000; pages++) {
            String path = "/v0/external-accounts?limit=" + limit + (query.isEmpty() ? "" : "&" + query)
                    + (cursor == null ? "" : "&cursor=" + cursor);
            ApiClient.Response response = api.get(path);
            assertThat(response.status()).as(response.toString()).isEqualTo(200);
            JsonNode page = response.json();
            assertThat(page.get("data").size()).isLessThanOrEqualTo(limit);
            page.get("data").forEach(all::add);
            if (!page.get("has_next").asBoolean()) {
                assertThat(page.get("cursor").isNull()).isTrue();
                return all;
            }
            assertThat(page.get("data").size()).isEqualTo(limit);
            cursor = page.get("cursor").asText();
        }
        throw new AssertionError("the listing never ended");
    }

    /** The vendor's external-account error: exactly one key, {@code error}; its sentence when given. */
    private void assertSimpleError(ApiClient.Response response, int status, String message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        JsonNode body = response.json();
        assertThat(fieldNames(body)).as(response.toString()).containsExactly("error");
        assertThat(body.get("error").isTextual()).isTrue();
        assertThat(body.get("error").asText()).isNotBlank();
        if (message != null) {
            assertThat(body.get("error").asText()).isEqualTo(message);
        }
    }

    private static Set<String> fieldNames(JsonNode node) {
        Set<String> names = new HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
