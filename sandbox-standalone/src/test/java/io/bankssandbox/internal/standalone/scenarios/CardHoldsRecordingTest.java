package io.bankssandbox.internal.standalone.scenarios;

import static io.bankssandbox.internal.standalone.scenarios.ReplayTest.replay;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.standalone.Http;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session that holds, settles and reverses card payments records as a scenario that replays green
 * on another seed: the authorization and settlement ids it created become variables.
 */
class CardHoldsRecordingTest {
    private static final String OFFICE_SUPPLIES = "card_0000006ffif7l9i19ra5";

    @TempDir
    Path temp;

    @Test
    void aRecordedHoldSettleAndReverseReplaysOnAnotherSeed() throws Exception {
        String yaml;
        String settledId;
        String transactionId;
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().seed(7).build())) {
            JsonNode held = send(sandbox, "POST", "/_sandbox/cards/" + OFFICE_SUPPLIES + "/authorizations",
                    "{\"amount\":4000,\"merchant_category_code\":\"5812\",\"settlement\":\"held\"}");
            settledId = held.at("/authorization/id").asText();
            JsonNode settled = send(sandbox, "POST", "/_sandbox/card-authorizations/" + settledId + "/settle",
                    "{\"amount\":4800}");
            transactionId = settled.get("transaction_id").asText();
            JsonNode other = send(sandbox, "POST", "/_sandbox/cards/" + OFFICE_SUPPLIES + "/authorizations",
                    "{\"amount\":1500,\"merchant_category_code\":\"5047\",\"settlement\":\"held\"}");
            send(sandbox, "POST", "/_sandbox/card-authorizations/" + other.at("/authorization/id").asText() + "/reverse", null);
            yaml = Http.get(sandbox.baseUrl() + "/_sandbox/requests?format=scenario-yaml", null).body();
        }
        assertThat(yaml).contains("settlement: held").contains("${card_authorization_1}");
        assertThat(yaml).doesNotContain(settledId).doesNotContain(transactionId);
        Path file = temp.resolve("holds.yaml");
        Files.writeString(file, yaml);

        ReplayTest.Run otherSeed = replay("--seed", "99", file.toString());
        assertThat(otherSeed.out()).doesNotContain("FAIL");
        assertThat(otherSeed.out().strip()).endsWith("1 passed, 0 failed");
        assertThat(otherSeed.exitCode()).isZero();
    }

    private static JsonNode send(Sandbox sandbox, String method, String path, String body) throws Exception {
        HttpResponse<String> response = Http.send(sandbox.baseUrl() + path, method, null, null, body);
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isEqualTo(200);
        return Http.JSON.readTree(response.body());
    }
}
