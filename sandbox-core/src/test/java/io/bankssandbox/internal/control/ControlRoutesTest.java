package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Control routes a test elsewhere reaches only through a handle: the moves after a position
 * ({@code GET /_sandbox/clock/events}), the faults listed and cleared, and which key a recorded
 * scenario leaves unnamed (the fixture set's default key, wherever the state puts it).
 */
class ControlRoutesTest extends SandboxTestBase {

    /**
     * In a sandbox of its own, started inside the test: what a sandbox registers as it starts (these
     * routes, the log's subscription) is then covered by this test, for mutation testing.
     */
    @Test
    void theMovesAfterAPositionAreListedAndFaultsListedAndCleared() {
        try (Sandbox own = Sandbox.start()) {
            movesAfterAPosition(new ApiClient(own.baseUrl(), null));
            faultsListedAndCleared(new ApiClient(own.baseUrl(), null));
        }
    }

    private void movesAfterAPosition(ApiClient control) {
        JsonNode now = control.get("/_sandbox/clock/events").json();
        assertThat(now.get("events")).isEmpty();
        long position = now.get("position").asLong();

        String transfer = control.post("/_sandbox/inbound-ach-transfers",
                Map.of("account_id", riversideOperatingAccountId(), "amount", 12_00), null).json().get("id").asText();
        control.post("/_sandbox/inbound-ach-transfers/" + transfer + "/accept", Map.of(), null);

        JsonNode after = control.get("/_sandbox/clock/events?after=" + position).json();
        assertThat(after.get("position").asLong()).isGreaterThan(position);
        assertThat(after.get("events").toString()).contains("{\"type\":\"inbound_ach_transfer.accepted\",\"id\":\""
                + transfer + "\"}");
        assertThat(control.get("/_sandbox/clock/events").json().get("events")).isEmpty();
    }

    private static void faultsListedAndCleared(ApiClient control) {
        control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/accounts", "status", 500, "times", 2), null);
        JsonNode listed = control.get("/_sandbox/faults").json().get("faults");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("times").asInt()).isEqualTo(2);
        assertThat(control.delete("/_sandbox/faults").json().get("faults")).isEmpty();
        assertThat(control.get("/_sandbox/faults").json().get("faults")).isEmpty();
    }

    @Test
    void aScenarioNamesEveryKeyButTheDefaultOneByItsPositionInTheState() {
        ObjectNode state = (ObjectNode) control.get("/_sandbox/state").json();
        ArrayNode keys = (ArrayNode) state.get("api_keys");
        JsonNode first = keys.remove(0); // the default key, second now
        keys.add(first);
        assertThat(control.put("/_sandbox/state", state).status()).isEqualTo(200);
        control.delete("/_sandbox/requests");
        api.get("/v0/entities");
        api.as(ONE).get("/v0/entities");

        JsonNode steps = control.get("/_sandbox/requests?format=scenario").json().get("steps");
        assertThat(steps).hasSize(2);
        assertThat(steps.get(0).at("/request/headers/Authorization").isMissingNode()).isTrue();
        assertThat(steps.get(1).at("/request/headers/Authorization").asText()).isEqualTo("Bearer ${api_key_1}");

        keys.remove(keys.size() - 1); // no default key at all: replay's default is then the first key
        assertThat(control.put("/_sandbox/state", state).status()).isEqualTo(200);
        control.delete("/_sandbox/requests");
        api.as(ONE).get("/v0/entities");
        JsonNode alone = control.get("/_sandbox/requests?format=scenario").json().get("steps");
        assertThat(alone).hasSize(1);
        assertThat(alone.get(0).at("/request/headers").isMissingNode()).isTrue();
    }
}
