package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One sandbox per state file: a second one on the same FILE would interleave its log with the
 * first's, so it is refused at start, whether it is another process or another sandbox in the same
 * JVM; the lock goes with the process that held it, {@code kill -9} included.
 */
class StateFileLockTest {
    private static final String KEY = "lm_key_sandbox_all";

    @TempDir
    Path temp;

    @Test
    void aSecondProcessOnTheSameStateFileIsRefusedUntilTheFirstIsKilled() throws Exception {
        Path stateFile = temp.resolve("shared.json");
        String card;
        try (SandboxProcess first = SandboxProcess.start("--port", "0", "--state-file", stateFile.toString())) {
            HttpResponse<String> issued = Http.send(first.baseUrl() + "/v0/cards", "POST", KEY, "lock-test-card-0001",
                    StateFileTest.cardBody("Kept"));
            card = Http.JSON.readTree(issued.body()).get("id").asText();

            Cli second = Cli.run("--port", "0", "--state-file", stateFile.toString());
            assertThat(second.exitCode()).isEqualTo(1);
            assertThat(second.err().strip()).startsWith("banks-sandbox: ").contains("shared.json")
                    .contains("in use by another sandbox").doesNotContain("\n");
            // the refused start touched nothing: the first still serves and keeps writing
            assertThat(Http.send(first.baseUrl() + "/v0/cards", "POST", KEY, "lock-test-card-0002",
                    StateFileTest.cardBody("Second")).statusCode()).isEqualTo(201);
            first.kill();
        }
        try (SandboxProcess restarted = SandboxProcess.start("--port", "0", "--state-file", stateFile.toString())) {
            JsonNode kept = Http.JSON.readTree(Http.get(restarted.baseUrl() + "/v0/cards/" + card, KEY).body());
            assertThat(kept.get("nickname").asText()).isEqualTo("Kept");
            assertThat(restarted.terminate()).isIn(0, 143);
        }
    }

    @Test
    void aSecondSandboxInTheSameJvmIsRefusedAndOneStartedAfterTheCloseIsNot() {
        Path stateFile = temp.resolve("in-process.json");
        SandboxConfig config = SandboxConfig.builder().port(0).stateFile(stateFile).build();
        try (Sandbox first = Sandbox.start(config)) {
            // Sandbox.start documents IllegalStateException for a state file that cannot serve, naming file and reason
            assertThatThrownBy(() -> Sandbox.start(config))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("in-process.json: in use by another sandbox");
            assertThat(first.exportState().get("cards").size()).isPositive();
        }
        try (Sandbox again = Sandbox.start(config)) {
            assertThat(again.exportState().get("cards").size()).isPositive();
        }
    }
}
