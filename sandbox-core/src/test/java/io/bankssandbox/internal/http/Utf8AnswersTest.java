package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every text answer is UTF-8 and says so: an é and an emoji sent in a body come back as their UTF-8
 * bytes through every route that writes text (JSON, the journal, the scenario as JSON and YAML, the
 * X12 835), and every text answer's Content-Type names {@code charset=utf-8}.
 */
class Utf8AnswersTest extends SandboxTestBase {
    private static final String WORDS = "Café 💸";

    private static String strictUtf8(ApiClient.Response answer) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(answer.bytes())).toString();
        } catch (CharacterCodingException e) {
            throw new AssertionError(answer.method() + " " + answer.path() + " is not UTF-8: " + e);
        }
    }

    private static void saysUtf8(ApiClient.Response answer, String mediaType) {
        assertThat(answer.header("Content-Type").orElse("").toLowerCase().replace(" ", ""))
                .as("%s %s", answer.method(), answer.path())
                .isEqualTo(mediaType + ";charset=utf-8");
    }

    @Test
    void anEAcuteAndAnEmojiComeBackAsUtf8ThroughEveryRouteThatWritesText() {
        ApiClient.Response created = api.post("/v0/external-accounts", Map.of("entity_id", riversideId(),
                "nickname", WORDS, "holder_type", "business", "routing_number", "021000021",
                "account_number", "4471002231", "holder_name", WORDS, "holder_address", Map.of("line1", "1 Rue " + WORDS,
                        "city", "Chicago", "state", "IL", "postal_code", "60601", "country", "US")),
                "utf8-test-key-0001");
        assertThat(created.status()).isEqualTo(201);
        String id = created.json().get("id").asText();

        ApiClient.Response json = api.get("/v0/external-accounts/" + id);
        saysUtf8(json, "application/json");
        assertThat(strictUtf8(json)).contains("\"nickname\":\"" + WORDS + "\"");

        ApiClient.Response journal = control.get("/_sandbox/requests");
        saysUtf8(journal, "application/json");
        assertThat(strictUtf8(journal)).contains(WORDS);

        ApiClient.Response scenario = control.get("/_sandbox/requests?format=scenario");
        saysUtf8(scenario, "application/json");
        assertThat(strictUtf8(scenario)).contains(WORDS);

        ApiClient.Response yaml = control.get("/_sandbox/requests?format=scenario-yaml");
        saysUtf8(yaml, "application/yaml");
        assertThat(strictUtf8(yaml)).contains(WORDS);
        assertThat(yaml.bytes()).as("é is two bytes, not 0xE9").doesNotContain((byte) 0xE9);
    }

    @Test
    void theEraAsX12IsUtf8() {
        ApiClient.Response paid = control.post("/_sandbox/insurance-payments", Map.of(
                "account_id", riversideOperatingAccountId(),
                "payer", Map.of("name", "MUTUELLE " + WORDS, "id", "1413791217"),
                "claims", List.of(Map.of("patient_control_number", "PCN-1", "charged_amount", 25_000,
                        "paid_amount", 18_000, "patient", Map.of("name", "JOSÉ ÉLISE", "subscriber_id", "W1"),
                        "service_date", "2026-02-20"))));
        assertThat(paid.status()).isEqualTo(201);
        String era = paid.json().get("era").get("id").asText();

        ApiClient.Response x12 = api.get("/v0/remittances/" + era.replaceFirst("^era_", "remittance_") + "/era");
        assertThat(x12.status()).isEqualTo(200);
        saysUtf8(x12, "text/plain");
        // X12 carries ASCII only: the accent goes, a character with no ASCII form is a ?
        assertThat(strictUtf8(x12)).contains("*ELISE*JOSE*").contains("*MUTUELLE Cafe ?~");
    }

    @Test
    void everyStaticTextTheSandboxServesSaysUtf8() {
        for (String path : List.of("/_sandbox/openapi.json", "/_sandbox/scenario-schema.json", "/_sandbox/ui",
                "/_sandbox/ui/app.js", "/_sandbox/ui/app.css", "/_sandbox/ui/favicon.svg")) {
            ApiClient.Response answer = control.get(path);
            assertThat(answer.status()).as(path).isEqualTo(200);
            assertThat(answer.header("Content-Type").orElse("").toLowerCase().replace(" ", "")).as(path)
                    .endsWith(";charset=utf-8");
            strictUtf8(answer);
        }
        JsonNode document = control.get("/_sandbox/openapi.json").json();
        assertThat(document.path("openapi").asText()).startsWith("3.1");
    }
}
