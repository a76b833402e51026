package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.SandboxException;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ControlApiTest extends SandboxTestBase {

    @Test
    void healthAnswersOkAndTheVersionTheBuildWrote() {
        JsonNode health = control.get("/_sandbox/health").json();
        assertThat(health.get("status").asText()).isEqualTo("ok");
        // surefire passes the pom's version: a constant in the code would drift from it
        assertThat(health.get("version").asText()).isEqualTo(System.getProperty("project.version"))
                .isEqualTo(io.bankssandbox.internal.runtime.SandboxVersion.current());
    }

    @Test
    void clockStartsFrozenAtTheFixtureStart() {
        JsonNode clock = control.get("/_sandbox/clock").json();
        assertThat(clock.toString()).isEqualTo("{\"now\":\"2026-03-02T15:00:00.000Z\",\"mode\":\"frozen\"}");
    }

    @Test
    void clockAdvancesByADurationOrToAnInstant() {
        JsonNode by = control.post("/_sandbox/clock/advance", Map.of("by", "PT2H"), null).json();
        assertThat(by.get("now").asText()).isEqualTo("2026-03-02T17:00:00.000Z");
        assertThat(by.get("events").isArray()).isTrue();
        JsonNode to = control.post("/_sandbox/clock/advance", Map.of("to", "2026-03-05T00:00:00Z"), null).json();
        assertThat(to.get("now").asText()).isEqualTo("2026-03-05T00:00:00.000Z");
        assertThat(sandbox.clock().now().toString()).isEqualTo("2026-03-05T00:00:00Z");
    }

    @Test
    void clockNeverGoesBackwards() {
        ApiClient.Response back = control.post("/_sandbox/clock/advance", Map.of("to", "2026-03-01T00:00:00Z"), null);
        assertThat(back.status()).isEqualTo(400);
        assertThat(back.json().get("message").get(0).asText()).contains("never goes backwards");
        assertThat(control.post("/_sandbox/clock/advance", Map.of("by", "-PT1H"), null).status()).isEqualTo(400);
        assertThat(control.get("/_sandbox/clock").json().get("now").asText()).isEqualTo("2026-03-02T15:00:00.000Z");
    }

    @Test
    void theHandleRefusesAClockMoveWithTheControlApisStatusAndMessage() {
        ApiClient.Response negative = control.post("/_sandbox/clock/advance", Map.of("by", "-PT1H"), null);
        assertThatThrownBy(() -> sandbox.clock().advance(Duration.ofHours(-1)))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(negative.status()).isEqualTo(400);
                    assertThat(e.messages()).containsExactly(negative.json().get("message").get(0).asText());
                });
        ApiClient.Response backwards = control.post("/_sandbox/clock/advance", Map.of("to", "2026-03-01T00:00:00Z"), null);
        assertThatThrownBy(() -> sandbox.clock().advanceTo(Instant.parse("2026-03-01T00:00:00Z")))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.messages())
                        .containsExactly(backwards.json().get("message").get(0).asText()));
        assertThatThrownBy(() -> sandbox.clock().advanceTo(Instant.parse("+10000-01-01T00:00:00Z")))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.messages()).containsExactly(
                        "to would move the clock past 9999-12-31T23:59:59Z, the latest time the sandbox can show"));
        assertThat(sandbox.clock().now()).isEqualTo(Instant.parse("2026-03-02T15:00:00Z"));
    }

    @Test
    void badAdvanceBodiesAreBadRequests() {
        assertThat(control.post("/_sandbox/clock/advance", Map.of("by", "two hours"), null).status()).isEqualTo(400);
        assertThat(control.post("/_sandbox/clock/advance", Map.of("to", "yesterday"), null).status()).isEqualTo(400);
        assertThat(control.post("/_sandbox/clock/advance", Map.of(), null).status()).isEqualTo(400);
        assertThat(control.post("/_sandbox/clock/advance", Map.of("by", "PT1H", "to", "2026-04-01T00:00:00Z"), null).status()).isEqualTo(400);
    }

    @Test
    void resetRestoresDataClockKeysAndJournal() {
        String cardId = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "reset-key-00001").json().get("id").asText();
        control.post("/_sandbox/clock/advance", Map.of("by", "P3D"), null);
        JsonNode reset = control.post("/_sandbox/reset", Map.of(), null).json();
        assertThat(reset.toString()).isEqualTo("{\"now\":\"2026-03-02T15:00:00.000Z\"}");
        assertThat(api.get("/v0/cards/" + cardId).status()).isEqualTo(404);
        assertThat(control.get("/_sandbox/requests").json().get("data")).hasSize(1); // only the GET above
        ApiClient.Response again = api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "reset-key-00001");
        assertThat(again.header("Idempotency-Replayed")).isEmpty();
        assertThat(again.json().get("id").asText()).isEqualTo(cardId); // deterministic ids: same seed, same id
    }

    @Test
    void stateExportHasOneKeyPerFixtureFile() {
        JsonNode exported = control.get("/_sandbox/state").json();
        List<String> keys = new ArrayList<>();
        exported.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).contains("entities", "accounts", "cards", "inbound_ach_transfers", "mail", "eras",
                "external_accounts", "api_keys", "policy", "clock");
        assertThat(exported.get("clock").get("now").asText()).isEqualTo("2026-03-02T15:00:00.000Z");
    }

    @Test
    void stateImportReplacesEverythingAndRoundTrips() {
        api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "import-key-0001");
        JsonNode exported = control.get("/_sandbox/state").json();
        control.post("/_sandbox/reset", Map.of(), null);
        ApiClient.Response imported = control.put("/_sandbox/state", exported);
        assertThat(imported.status()).isEqualTo(200);
        assertThat(control.get("/_sandbox/state").json()).isEqualTo(exported);
    }

    @Test
    void invalidStateImportIsRefusedWithFilePointerAndRuleAndChangesNothing() {
        ObjectNode exported = (ObjectNode) control.get("/_sandbox/state").json();
        ((ObjectNode) exported.get("entities").get(0)).put("structure", "castle");
        ApiClient.Response refused = control.put("/_sandbox/state", exported);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("message").get(0).asText()).startsWith("entities.json /0/structure: ");
        assertThat(control.get("/_sandbox/state").json().get("entities").get(0).get("structure").asText())
                .isEqualTo("professional_corporation");
    }

    @Test
    void journalRecordsRequestsWithoutTheApiKey() {
        api.post("/v0/cards", cardBody(riversideOperatingAccountId()), "journal-key-001");
        api.get("/v0/entities?limit=2");
        JsonNode entries = control.get("/_sandbox/requests").json().get("data");
        assertThat(entries).hasSize(2);
        JsonNode post = entries.get(0);
        assertThat(post.get("method").asText()).isEqualTo("POST");
        assertThat(post.get("path").asText()).isEqualTo("/v0/cards");
        assertThat(post.get("status").asInt()).isEqualTo(201);
        assertThat(post.get("idempotency_key").asText()).isEqualTo("journal-key-001");
        assertThat(post.get("request_body").get("nickname").asText()).isEqualTo("Supplies");
        assertThat(post.get("response_body").get("id").asText()).startsWith("card_");
        assertThat(entries.get(1).get("path").asText()).isEqualTo("/v0/entities?limit=2");
        assertThat(entries.toString()).doesNotContain("lm_key_sandbox_all");
        control.delete("/_sandbox/requests");
        assertThat(control.get("/_sandbox/requests").json().get("data")).isEmpty();
    }

    @Test
    void injectedFaultAnswersTheNextMatchingRequestsBeforeAuth() {
        control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/accounts", "status", 503, "times", 2), null);
        ApiClient.Response first = control.get("/v0/accounts"); // no API key: the fault comes before auth
        assertThat(first.status()).isEqualTo(503);
        assertThat(first.json().get("statusCode").asInt()).isEqualTo(503);
        assertThat(api.get("/v0/entities").status()).isEqualTo(200); // other paths unaffected
        assertThat(api.get("/v0/accounts").status()).isEqualTo(503);
        assertThat(api.get("/v0/accounts").status()).isEqualTo(200);
    }

    @Test
    void faultPathIgnoresTheQueryStringUnlessItNamesOne() {
        control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/accounts", "status", 503), null);
        assertThat(api.get("/v0/accounts?limit=5").status()).isEqualTo(503);
        control.post("/_sandbox/faults", Map.of("method", "*", "path", "/v0/accounts?limit=7", "status", 504), null);
        assertThat(api.get("/v0/accounts?limit=5").status()).isEqualTo(200);
        assertThat(api.get("/v0/accounts?limit=7").status()).isEqualTo(504);
        control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/entities/*", "status", 502), null);
        assertThat(api.get("/v0/entities").status()).isEqualTo(200);
        assertThat(api.get("/v0/entities/" + riversideId() + "?x=1").status()).isEqualTo(502);
    }

    @Test
    void injectedFaultCanCarryABodyAndADelay() {
        control.post("/_sandbox/faults", Map.of("method", "POST", "path", "/v0/cards", "status", 502,
                "body", Map.of("oops", true), "delay_ms", 150), null);
        long start = System.nanoTime();
        ApiClient.Response response = api.post("/v0/cards", cardBody(riversideOperatingAccountId()));
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(150);
        assertThat(response.status()).isEqualTo(502);
        assertThat(response.json().toString()).isEqualTo("{\"oops\":true}");
        assertThat(state().get("cards").size()).isEqualTo(6);
    }

    @Test
    void faultsAreClearedByDeleteAndValidated() {
        control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/accounts", "status", 500), null);
        control.delete("/_sandbox/faults");
        assertThat(api.get("/v0/accounts").status()).isEqualTo(200);
        assertThat(control.post("/_sandbox/faults", Map.of("method", "GET", "path", "v0", "status", 99), null).status())
                .isEqualTo(400);
    }

    @Test
    void openApiDocumentIsServed() {
        JsonNode document = control.get("/_sandbox/openapi.json").json();
        assertThat(document.get("openapi").asText()).startsWith("3.1");
        assertThat(document.get("paths").has("/v0/cards")).isTrue();
        assertThat(document.get("components").get("schemas").has("CreateCardRequest")).isTrue();
    }
}
