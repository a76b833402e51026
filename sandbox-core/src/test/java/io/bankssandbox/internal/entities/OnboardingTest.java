package io.bankssandbox.internal.entities;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The onboarding simulation over HTTP: bad input is a 400 in the control API's shape naming every
 * problem, and nothing stored (no entity, account, connection or event); a connect answers which key
 * now sees which entity, and refuses an unknown entity or a key that already sees it.
 */
class OnboardingTest extends SandboxTestBase {

    private static Map<String, Object> practice() {
        Map<String, Object> body = new HashMap<>();
        body.put("name", "Lakeview Pediatrics, LLC");
        body.put("structure", "llc");
        body.put("npi", "1234567893");
        body.put("address", Map.of("line1", "1 Lake St", "line2", "", "city", "Austin", "state", "TX", "postalCode", "78701"));
        body.put("accounts", List.of(Map.of("name", "Lakeview Operating", "opening_balance", 10_000)));
        body.put("api_keys", List.of(ONE));
        return body;
    }

    private static Map<String, Object> with(String field, Object value) {
        Map<String, Object> body = practice();
        if (value == null) {
            body.remove(field);
        } else {
            body.put(field, value);
        }
        return body;
    }

    private static JsonNode refused(ApiClient.Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(400);
        assertThat(response.json().get("error").asText()).isEqualTo("Bad Request");
        assertThat(response.json().get("message").isArray()).isTrue();
        return response.json().get("message");
    }

    @Test
    void badOnboardingsAreRefusedWithEveryProblemAndStoreNothing() {
        control.post("/_sandbox/webhooks", Map.of("url", "inbox", "api_key", ALL));
        JsonNode before = state();
        List<Map<String, Object>> bad = List.of(
                with("name", null),
                with("name", ""),
                with("structure", "cooperative"),
                with("npi", "12345"),
                with("address", Map.of("line1", "1 Lake St", "line2", "", "city", "Austin", "state", "Texas",
                        "postalCode", "78701")),
                with("accounts", List.of(Map.of("name", "Lakeview Operating", "opening_balance", -1))),
                with("api_keys", List.of("lm_key_nobody")),
                with("structure", "govt"));
        for (Map<String, Object> body : bad) {
            refused(control.post("/_sandbox/entities", body));
        }
        // an NPI on a structure that cannot be a provider is the schema's (ProviderStructure), named before the
        // state is looked at; an unknown key, the state's, once the body meets its schema
        Map<String, Object> twoProblems = with("structure", "govt");
        twoProblems.put("api_keys", List.of(ONE, "lm_key_nobody"));
        assertThat(refused(control.post("/_sandbox/entities", twoProblems)).toString()).isEqualTo("[\"structure: a provider"
                + " (entity with an NPI) must be one of professional_corporation, professional_llc, llc, partnership,"
                + " sole_prop, nonprofit\"]");
        twoProblems.put("structure", "llc");
        assertThat(refused(control.post("/_sandbox/entities", twoProblems)).toString())
                .isEqualTo("[\"api_keys: lm_key_nobody is not an API key of this sandbox\"]");

        assertThat(state()).isEqualTo(before);
        assertThat(control.get("/_sandbox/webhooks/deliveries").json().get("data")).isEmpty();
        // the same practice without the problem is onboarded
        assertThat(control.post("/_sandbox/entities", practice()).status()).isEqualTo(201);
    }

    @Test
    void aConnectAnswersTheKeyAndTheEntityAndTheKeySeesItFromThen() {
        Map<String, Object> body = practice();
        body.put("api_keys", List.of());
        String entityId = control.post("/_sandbox/entities", body).json().get("id").asText();
        assertThat(api.as(ONE).get("/v0/entities/" + entityId).status()).isEqualTo(404);

        ApiClient.Response connected = control.post("/_sandbox/entities/" + entityId + "/connect", Map.of("api_key", ONE));
        assertThat(connected.status()).as(connected.toString()).isEqualTo(200);
        assertThat(connected.json().get("api_key").asText()).isEqualTo(ONE);
        assertThat(connected.json().get("entity").get("id").asText()).isEqualTo(entityId);
        assertThat(connected.json().get("entity").get("name").asText()).isEqualTo("Lakeview Pediatrics, LLC");
        assertThat(api.as(ONE).get("/v0/entities/" + entityId).status()).isEqualTo(200);

        assertThat(control.post("/_sandbox/entities/" + entityId + "/connect", Map.of("api_key", ONE)).status())
                .isEqualTo(409);
        assertThat(control.post("/_sandbox/entities/entity_nobody/connect", Map.of("api_key", ONE)).status())
                .isEqualTo(404);
    }
}
