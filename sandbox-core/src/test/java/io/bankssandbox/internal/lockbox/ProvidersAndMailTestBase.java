package io.bankssandbox.internal.lockbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

/** What the provider and mail tests share: one sandbox, the fixture entities by name, and mail readers and simulators. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ProvidersAndMailTestBase {
    Sandbox sandbox;
    ApiClient api;
    String riverside;
    String lakeside;
    String harbor;
    String summit;

    @BeforeAll
    void start() {
        sandbox = Sandbox.start();
        api = new ApiClient(sandbox.baseUrl(), sandbox.apiKey());
        riverside = entityNamed("Riverside Family Medicine, P.C.");
        lakeside = entityNamed("Lakeside Pediatrics, PLLC");
        harbor = entityNamed("Harbor Community Health Center");
        summit = entityNamed("Summit Physical Therapy LLC");
    }

    @AfterAll
    void stop() {
        sandbox.close();
    }

    @BeforeEach
    void reset() {
        sandbox.reset();
    }

    String entityNamed(String name) {
        for (JsonNode entity : api.get("/v0/entities?limit=100").json().get("data")) {
            if (entity.get("name").asText().equals(name)) {
                return entity.get("id").asText();
            }
        }
        throw new AssertionError("no entity " + name + " in the default fixtures");
    }

    // ------------------------------------------------------------------ helpers

    JsonNode simulateMail(String provider, String receivedAt, List<Map<String, Object>> checks) {
        Map<String, Object> body = receivedAt == null ? Map.of("checks", checks)
                : Map.of("checks", checks, "received_at", receivedAt);
        ApiClient.Response response = api.post("/_sandbox/providers/" + provider + "/mail", body, null);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json();
    }

    List<String> mailIds(String provider, String query) {
        ApiClient.Response response = api.get("/v0/providers/" + provider + "/mail" + (query.isEmpty() ? "" : "?" + query));
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json().get("data").findValuesAsText("id").stream()
                .filter(id -> id.startsWith("inbound_mail_item_")).toList();
    }

    JsonNode firstHeldCheck(String provider) {
        for (JsonNode item : api.get("/v0/providers/" + provider + "/mail").json().get("data")) {
            for (JsonNode check : item.get("checks")) {
                if (check.at("/hold/status").asText().equals("held")) {
                    return check;
                }
            }
        }
        throw new AssertionError("the default fixtures hold a check that is still held");
    }

    JsonNode check(String provider, String checkId) {
        for (JsonNode item : api.get("/v0/providers/" + provider + "/mail").json().get("data")) {
            for (JsonNode check : item.get("checks")) {
                if (check.get("id").asText().equals(checkId)) {
                    return check;
                }
            }
        }
        throw new AssertionError("no check " + checkId);
    }

    JsonNode advanceTo(Instant to) {
        ApiClient.Response response = api.post("/_sandbox/clock/advance", Map.of("to", Json.timestamp(to)), null);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    /** Riverside's operating account: where its lockbox deposits. */
    JsonNode riversideOperating() {
        return account(riverside);
    }

    /** The entity's first account, where its lockbox deposits. */
    JsonNode account(String entity) {
        return api.get("/v0/accounts?entity_id=" + entity).json().get("data").get(0);
    }

    void assertNotFound(ApiClient.Response response, String message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(404);
        assertThat(response.json()).isEqualTo(Json.MAPPER.valueToTree(
                Map.of("statusCode", 404, "error", "Not Found", "message", message)));
    }

    Set<String> fieldNames(JsonNode node) {
        Set<String> names = new HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    List<JsonNode> list(JsonNode array) {
        List<JsonNode> out = new ArrayList<>();
        array.forEach(out::add);
        return out;
    }
}
