package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A change is acknowledged only once the state file has it ({@link PersistenceFilter}): when the log
 * cannot be written, a 2xx answer to a change becomes a 503 that says so, while reads, replays and
 * refusals answer as they would. The change stays applied in memory, so its retry with the same
 * Idempotency-Key is answered from it rather than made again.
 */
class DurableAnswersTest {
    @TempDir
    Path dir;

    @Test
    void aChangeTheStateFileCannotKeepIsA503AndItsRetryIsAnsweredFromMemory() throws Exception {
        Path file = dir.resolve("sandbox.json");
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().stateFile(file)
                .output(SandboxConfig.Output.SILENT).build())) {
            ApiClient api = new ApiClient(sandbox.baseUrl(), SandboxTestBase.ALL);
            String account = sandbox.exportState().get("accounts").get(0).get("id").asText();
            int cards = sandbox.exportState().get("cards").size();
            Path log = dir.resolve("sandbox.json.log");
            Files.delete(log);

            ApiClient.Response refused = api.post("/v0/cards", SandboxTestBase.cardBody(account), "durable-key-0001");
            assertThat(refused.status()).as(refused.toString()).isEqualTo(503);
            assertThat(refused.json().get("message").asText()).isEqualTo("State file " + log + " could not be written ("
                    + log + " no longer exists): the change is applied in memory but not durable");

            assertThat(sandbox.exportState().get("cards")).as("applied in memory").hasSize(cards + 1);
            assertThat(api.get("/v0/accounts").status()).as("a read has nothing to make durable").isEqualTo(200);

            ApiClient.Response retry = api.post("/v0/cards", SandboxTestBase.cardBody(account), "durable-key-0001");
            assertThat(retry.status()).as(retry.toString()).isEqualTo(201);
            assertThat(retry.header("Idempotency-Replayed")).contains("true");
            assertThat(sandbox.exportState().get("cards")).as("not made twice").hasSize(cards + 1);

            ApiClient.Response advanced = new ApiClient(sandbox.baseUrl(), null).post("/_sandbox/clock/advance",
                    java.util.Map.of("by", "PT1H"), null);
            assertThat(advanced.status()).as("a change answered 200 is held back the same: " + advanced).isEqualTo(503);

            ApiClient.Response invalid = api.post("/v0/cards", "{}", "durable-key-0002");
            assertThat(invalid.status()).as("a refusal changed nothing: it is answered as itself").isEqualTo(400);
        }
    }
}
