package io.bankssandbox.internal.standalone.scenarios;

import static io.bankssandbox.internal.standalone.scenarios.ReplayTest.replay;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.standalone.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session with a lost answer records and replays: the fault is a control step, the request whose
 * connection it closed expects no answer ({@code no_answer}), and its retry the replayed transfer; a
 * step expecting no answer that gets one fails.
 */
class LostAnswerRecordingTest {
    private static final String BODY = "{\"source_account_id\":\"account_0000000ptmhjx1gxm2mi\","
            + "\"destination_account_id\":\"account_0000000qhbwiqekdr1ab\",\"amount\":250000}";

    @TempDir
    Path temp;

    @Test
    void aLostAnswerIsRecordedAsNoAnswerAndReplaysGreen() throws Exception {
        String json;
        try (Sandbox sandbox = Sandbox.start()) {
            assertThat(Http.send(sandbox.baseUrl() + "/_sandbox/faults", "POST", null, null, "{\"method\":\"POST\","
                    + "\"path\":\"/v0/book-transfer\",\"after_processing\":true,\"close_connection\":true}").statusCode())
                    .isEqualTo(200);
            assertThat(catchThrowable(() -> post(sandbox))).isInstanceOf(IOException.class);
            assertThat(post(sandbox)).isEqualTo(201);
            json = Http.get(sandbox.baseUrl() + "/_sandbox/requests?format=scenario", null).body();
        }
        JsonNode steps = Http.JSON.readTree(json).get("steps");
        assertThat(steps).hasSize(3);
        assertThat(steps.get(0).at("/control/path").asText()).isEqualTo("/_sandbox/faults");
        assertThat(steps.get(1).get("expect").toString()).isEqualTo("{\"no_answer\":true}");
        assertThat(steps.get(2).at("/expect/status").asInt()).isEqualTo(201);

        Path recorded = temp.resolve("session.json");
        Files.writeString(recorded, json);
        ReplayTest.Run run = replay(recorded.toString());
        assertThat(run.out()).doesNotContain("FAIL");
        assertThat(run.exitCode()).isZero();

        // without the fault, the step that expects no answer gets one, and fails
        Path changed = temp.resolve("changed.json");
        ObjectNode scenario = (ObjectNode) Http.JSON.readTree(json);
        JsonNode fault = scenario.get("steps").get(0);
        ((ObjectNode) fault.at("/control/body")).put("close_connection", false).put("status", 503);
        ((ObjectNode) fault.get("expect")).remove("body");
        Files.writeString(changed, Http.JSON.writeValueAsString(scenario));
        ReplayTest.Run failing = replay(changed.toString());
        assertThat(failing.out()).contains("expected no answer (a closed connection), was status 503");
        assertThat(failing.exitCode()).isEqualTo(1);
    }

    private static int post(Sandbox sandbox) throws IOException, InterruptedException {
        return Http.send(sandbox.baseUrl() + "/v0/book-transfer", "POST", sandbox.apiKey(), "lost-answer-recorded", BODY)
                .statusCode();
    }
}
