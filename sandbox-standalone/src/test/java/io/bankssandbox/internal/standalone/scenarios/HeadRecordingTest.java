package io.bankssandbox.internal.standalone.scenarios;

import static io.bankssandbox.internal.standalone.scenarios.ReplayTest.replay;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.standalone.Http;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A HEAD is journaled with the status the client saw and no body (none went out), so its recorded
 * step expects the status alone, and the recording replays green: a found account's 200 and an
 * unknown card's 404 both hold again, and a changed status fails the step.
 */
class HeadRecordingTest {
    private static final String RIVERSIDE = "account_0000000ptmhjx1gxm2mi";

    @TempDir
    Path temp;

    @Test
    void aRecordedHeadExpectsItsStatusAloneAndReplaysGreen() throws Exception {
        String json;
        String yaml;
        try (Sandbox sandbox = Sandbox.start()) {
            assertThat(Http.send(sandbox.baseUrl() + "/v0/accounts/" + RIVERSIDE, "HEAD", sandbox.apiKey(), null, null)
                    .statusCode()).isEqualTo(200);
            assertThat(Http.send(sandbox.baseUrl() + "/v0/cards/card_unknown", "HEAD", sandbox.apiKey(), null, null)
                    .statusCode()).isEqualTo(404);
            assertThat(Http.get(sandbox.baseUrl() + "/v0/accounts/" + RIVERSIDE, sandbox.apiKey()).statusCode()).isEqualTo(200);
            json = Http.get(sandbox.baseUrl() + "/_sandbox/requests?format=scenario", null).body();
            yaml = Http.get(sandbox.baseUrl() + "/_sandbox/requests?format=scenario-yaml", null).body();
        }
        JsonNode steps = Http.JSON.readTree(json).get("steps");
        assertThat(steps).hasSize(3);
        assertThat(steps.get(0).at("/request/method").asText()).isEqualTo("HEAD");
        assertThat(steps.get(0).get("expect").toString()).isEqualTo("{\"status\":200}");
        assertThat(steps.get(1).get("expect").toString()).isEqualTo("{\"status\":404}");
        assertThat(steps.get(2).at("/expect/body/id").asText()).isEqualTo(RIVERSIDE);

        Path recorded = temp.resolve("session.yaml");
        Files.writeString(recorded, yaml);
        ReplayTest.Run run = replay(recorded.toString());
        assertThat(run.out()).doesNotContain("FAIL");
        assertThat(run.out().strip()).endsWith("1 passed, 0 failed");
        assertThat(run.exitCode()).isZero();

        // the step really checks the HEAD's status: expecting 200 of the unknown card fails it
        Path changed = temp.resolve("changed.json");
        Files.writeString(changed, json.replace("{\"status\":404}", "{\"status\":200}"));
        ReplayTest.Run failing = replay(changed.toString());
        assertThat(failing.out()).contains("FAIL");
        assertThat(failing.exitCode()).isEqualTo(1);
    }
}
