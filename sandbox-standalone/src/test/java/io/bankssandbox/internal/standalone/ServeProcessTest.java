package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ServeProcessTest {
    private static final String KEY = "lm_key_sandbox_all";

    @Test
    void servePrintsTheListeningLineTheKeysAndTheDashboardThenStopsCleanlyOnSigterm() throws Exception {
        try (SandboxProcess sandbox = SandboxProcess.start("--port", "0")) {
            List<String> out = sandbox.stdout();
            assertThat(out.get(0)).matches("Banks Sandbox listening on http://127\\.0\\.0\\.1:\\d+");
            assertThat(out).contains("  lm_key_sandbox_all  (sees every entity)")
                    .anyMatch(line -> line.startsWith("  lm_key_sandbox_one"))
                    .contains("Dashboard: " + sandbox.baseUrl() + "/_sandbox/ui");
            HttpResponse<String> clock = Http.get(sandbox.baseUrl() + "/_sandbox/clock", null);
            assertThat(clock.body()).contains("\"mode\":\"running\""); // the standalone default
            assertThat(Http.get(sandbox.baseUrl() + "/v0/entities?limit=1", KEY).statusCode()).isEqualTo(200);

            int exit = sandbox.terminate();
            assertThat(exit).isIn(0, 143); // 143 = 128 + SIGTERM, after the shutdown hook ran
            assertThat(sandbox.stderr()).doesNotContain("Exception");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> Http.get(sandbox.baseUrl() + "/_sandbox/health", null))
                    .isInstanceOf(ConnectException.class);
        }
    }

    @Test
    void bindingBeyondLoopbackWithoutAnAdminTokenWarnsAndTheTokenGuardsTheControlApi() throws Exception {
        try (SandboxProcess open = SandboxProcess.start("serve", "--host", "0.0.0.0", "--port", "0", "--clock", "frozen")) {
            assertThat(open.stderr()).contains("Warning: listening on 0.0.0.0 without --admin-token");
            assertThat(Http.get(open.baseUrl() + "/_sandbox/clock", null).body()).contains("\"mode\":\"frozen\"");
        }
        try (SandboxProcess guarded = SandboxProcess.start("serve", "--host", "0.0.0.0", "--port", "0",
                "--admin-token", "s3cret-token")) {
            assertThat(guarded.stderr()).doesNotContain("Warning");
            assertThat(Http.get(guarded.baseUrl() + "/_sandbox/clock", null).statusCode()).isEqualTo(401);
            assertThat(Http.get(guarded.baseUrl() + "/_sandbox/clock", "s3cret-token").statusCode()).isEqualTo(200);
            assertThat(Http.get(guarded.baseUrl() + "/v0/entities?limit=1", KEY).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void optionsReachTheServer() throws Exception {
        try (SandboxProcess sandbox = SandboxProcess.start("--port", "0", "--clock", "frozen", "--start",
                "2026-05-01T08:00:00Z", "--seed", "7", "--rate-limit", "2", "--rate-limit-window", "PT2H",
                "--cors-origins", "https://app.example.com", "--max-import-size", "64KiB")) {
            assertThat(Http.get(sandbox.baseUrl() + "/_sandbox/clock", null).body())
                    .isEqualTo("{\"now\":\"2026-05-01T08:00:00.000Z\",\"mode\":\"frozen\"}");
            long windowOpened = System.nanoTime(); // at or before the server opens the key's window
            assertThat(Http.get(sandbox.baseUrl() + "/v0/entities?limit=1", KEY).statusCode()).isEqualTo(200);
            assertThat(Http.get(sandbox.baseUrl() + "/v0/entities?limit=1", KEY).statusCode()).isEqualTo(200);
            HttpResponse<String> limited = Http.get(sandbox.baseUrl() + "/v0/entities?limit=1", KEY);
            long elapsedSeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - windowOpened) + 1;
            assertThat(limited.statusCode()).isEqualTo(429);
            assertThat(Long.parseLong(limited.headers().firstValue("Retry-After").orElseThrow()))
                    .as("the two hours of --rate-limit-window, less what passed").isBetween(7200 - elapsedSeconds, 7200L);
            String export = Http.get(sandbox.baseUrl() + "/_sandbox/state", null).body();
            HttpResponse<String> tooLarge = Http.send(sandbox.baseUrl() + "/_sandbox/state", "PUT", null, null, export);
            assertThat(tooLarge.statusCode()).isEqualTo(413);
            assertThat(tooLarge.body()).contains("the import limit of 64 KiB (--max-import-size)");
        }
    }

    @Test
    void sandboxesOnDemandTakeTheLimitsOfTheCommandLine() throws Exception {
        try (SandboxProcess server = SandboxProcess.start("--port", "0", "--max-sandboxes", "1", "--sandbox-idle-timeout", "PT1S")) {
            String sandboxes = server.baseUrl() + "/_sandbox/sandboxes";
            // a timeout of its own keeps the first open however slowly this test runs: the limit is what is tried
            HttpResponse<String> patient = Http.send(sandboxes, "POST", null, null, "{\"idle_timeout\": \"PT30M\"}");
            assertThat(patient.statusCode()).isEqualTo(201);
            HttpResponse<String> refused = Http.send(sandboxes, "POST", null, null, "{}");
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.body()).contains("1 sandboxes on demand are open (--max-sandboxes 1)");
            String patientId = Http.JSON.readTree(patient.body()).get("id").asText();
            assertThat(Http.send(sandboxes + "/" + patientId, "DELETE", null, null, null).statusCode()).isEqualTo(204);

            // without one, it takes the command line's second: idle that long, it is closed, which makes room
            HttpResponse<String> created = Http.send(sandboxes, "POST", null, null, "{}");
            assertThat(created.statusCode()).isEqualTo(201);
            assertThat(Http.JSON.readTree(created.body()).get("idle_timeout").asText()).isEqualTo("PT1S");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (Http.JSON.readTree(Http.get(sandboxes, null).body()).get("data").size() > 1 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(Http.JSON.readTree(Http.get(sandboxes, null).body()).get("data")).hasSize(1);
            assertThat(Http.send(sandboxes, "POST", null, null, "{}").statusCode()).isEqualTo(201);
        }
    }

    @Test
    void withoutTheOptionsThirtyTwoSandboxesOnDemandIdleForThirtyMinutesAtMost() throws Exception {
        try (SandboxProcess server = SandboxProcess.start("--port", "0")) {
            String sandboxes = server.baseUrl() + "/_sandbox/sandboxes";
            for (int i = 0; i < 32; i++) {
                HttpResponse<String> created = Http.send(sandboxes, "POST", null, null, null);
                assertThat(created.statusCode()).as("sandbox %d: %s", i + 1, created.body()).isEqualTo(201);
                assertThat(Http.JSON.readTree(created.body()).get("idle_timeout").asText()).isEqualTo("PT30M");
            }
            HttpResponse<String> refused = Http.send(sandboxes, "POST", null, null, null);
            assertThat(refused.statusCode()).isEqualTo(429);
            assertThat(refused.body()).isEqualTo("{\"statusCode\":429,\"error\":\"Too Many Requests\",\"message\":"
                    + "\"Sandbox limit reached: 32 sandboxes on demand are open (--max-sandboxes 32); close one with DELETE "
                    + "/_sandbox/sandboxes/{id} or start the server with a higher --max-sandboxes\"}");
            assertThat(Http.JSON.readTree(Http.get(sandboxes, null).body()).get("data")).hasSize(33); // and the host
        }
    }

    @Test
    void aBadFixtureDirectoryEndsTheProcessWithOneLineAndNoStackTrace() throws Exception {
        try (SandboxProcess failed = SandboxProcess.launch("--port", "0", "--fixtures", "/no/such/fixtures")) {
            assertThat(failed.waitForExit()).isEqualTo(1);
            assertThat(failed.stderr().strip()).startsWith("banks-sandbox: bad fixtures: /no/such/fixtures")
                    .doesNotContain("\tat ").doesNotContain("\n");
            assertThat(failed.stdout()).isEmpty();
        }
    }
}
