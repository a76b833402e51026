package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every serve option is also a BANKS_SANDBOX_ variable; the command line wins; a bad one stops the start as a bad option does. */
class EnvironmentOptionsTest {

    @Test
    void anUnknownVariableIsOneLineNamingItAndExitCode2() {
        Cli cli = Cli.run(Map.of("BANKS_SANDBOX_CLOK", "frozen"), "--port", "0");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err()).isEqualTo("banks-sandbox: BANKS_SANDBOX_CLOK is set, but serve has no option --clok "
                + "(did you mean BANKS_SANDBOX_CLOCK?) (see --help)\n");
        assertThat(cli.out()).isEmpty();
        assertThat(Cli.run(Map.of("BANKS_SANDBOX_COLOUR", "red"), "serve", "--port", "0").err())
                .isEqualTo("banks-sandbox: BANKS_SANDBOX_COLOUR is set, but serve has no option --colour (see --help)\n");
    }

    @Test
    void aBadValueIsOneLineNamingTheVariableAndExitCode2() {
        Map<String, String> expected = Map.of(
                "BANKS_SANDBOX_CLOCK=sometimes", "Invalid value for BANKS_SANDBOX_CLOCK: must be frozen or running, not 'sometimes'",
                "BANKS_SANDBOX_PORT=eighty", "Invalid value for BANKS_SANDBOX_PORT: 'eighty' is not an int",
                "BANKS_SANDBOX_PORT=70000", "BANKS_SANDBOX_PORT must be between 0 and 65535, not 70000",
                "BANKS_SANDBOX_VERBOSE=yes", "Invalid value for BANKS_SANDBOX_VERBOSE: 'yes' is not a boolean",
                "BANKS_SANDBOX_SANDBOX_IDLE_TIMEOUT=PT0S", "BANKS_SANDBOX_SANDBOX_IDLE_TIMEOUT must be a positive duration, not PT0S",
                "BANKS_SANDBOX_RATE_LIMIT_WINDOW=P2D", "BANKS_SANDBOX_RATE_LIMIT_WINDOW must be a positive ISO 8601 duration of"
                        + " at most PT24H (such as PT1M or PT1S), not PT48H",
                "BANKS_SANDBOX_START=yesterday",
                "Invalid value for BANKS_SANDBOX_START: 'yesterday' is not an ISO 8601 instant such as 2026-01-15T09:00:00Z");
        for (var variable : expected.entrySet()) {
            String[] nameAndValue = variable.getKey().split("=", 2);
            Cli cli = Cli.run(Map.of(nameAndValue[0], nameAndValue[1]));
            assertThat(cli.exitCode()).as(variable.getKey()).isEqualTo(2);
            assertThat(cli.err()).as(variable.getKey()).isEqualTo("banks-sandbox: " + variable.getValue() + " (see --help)\n");
        }
    }

    @Test
    void theRateLimitWindowIsAVariableToo() throws Exception {
        try (SandboxProcess sandbox = SandboxProcess.start(Map.of("BANKS_SANDBOX_RATE_LIMIT", "1",
                "BANKS_SANDBOX_RATE_LIMIT_WINDOW", "PT2H"), "--port", "0")) {
            long windowOpened = System.nanoTime();
            assertThat(Http.get(sandbox.baseUrl() + "/v0/entities?limit=1", "lm_key_sandbox_all").statusCode()).isEqualTo(200);
            var limited = Http.get(sandbox.baseUrl() + "/v0/entities?limit=1", "lm_key_sandbox_all");
            long elapsed = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - windowOpened) + 1;
            assertThat(limited.statusCode()).isEqualTo(429);
            assertThat(Long.parseLong(limited.headers().firstValue("Retry-After").orElseThrow()))
                    .isBetween(7200 - elapsed, 7200L);
        }
    }

    @Test
    void theCommandLineWinsOverTheVariable() {
        // the variable's bad value is never read: --clock on the command line is what counts
        Cli cli = Cli.run(Map.of("BANKS_SANDBOX_CLOCK", "sometimes", "BANKS_SANDBOX_PORT", "70000"), "--clock", "frozen",
                "--port", "-1");
        assertThat(cli.err()).isEqualTo("banks-sandbox: --port must be between 0 and 65535, not -1 (see --help)\n");
    }

    @Test
    void healthReadsTheServersPortHostAndTokenFromTheSameVariables() throws Exception {
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().port(0).adminToken("s3cret").build())) {
            String port = String.valueOf(java.net.URI.create(sandbox.baseUrl()).getPort());
            Cli healthy = Cli.run(Map.of("BANKS_SANDBOX_PORT", port, "BANKS_SANDBOX_HOST", "0.0.0.0",
                    "BANKS_SANDBOX_ADMIN_TOKEN", "s3cret", "BANKS_SANDBOX_CLOCK", "frozen"), "health");
            assertThat(healthy.exitCode()).as(healthy.err()).isZero();
            assertThat(healthy.out()).isEqualTo("healthy: http://127.0.0.1:" + port + "/_sandbox/health answered 200\n");

            Cli noToken = Cli.run(Map.of("BANKS_SANDBOX_PORT", port), "health");
            assertThat(noToken.exitCode()).isEqualTo(1);
            assertThat(noToken.err()).isEqualTo("banks-sandbox: unhealthy: http://127.0.0.1:" + port
                    + "/_sandbox/health answered 401 (the server wants --admin-token / BANKS_SANDBOX_ADMIN_TOKEN)\n");

            int closed = freePort();
            Cli elsewhere = Cli.run(Map.of("BANKS_SANDBOX_PORT", port, "BANKS_SANDBOX_ADMIN_TOKEN", "s3cret"),
                    "health", "--port", String.valueOf(closed));
            assertThat(elsewhere.exitCode()).isEqualTo(1);
            assertThat(elsewhere.err()).startsWith("banks-sandbox: unhealthy: http://127.0.0.1:" + closed + "/_sandbox/health: ")
                    .contains("Connection refused");
            assertThat(elsewhere.err().lines().count()).isEqualTo(1);
        }
    }

    @Test
    void aServerStartedFromVariablesAloneTakesThemAndTheProjectsOtherVariablesDoNotStopIt() throws Exception {
        // what Playwright's webServer runs: npx banks-sandbox serve, with the launcher's and the fixture's variables set
        Map<String, String> environment = Map.of("BANKS_SANDBOX_PORT", "0", "BANKS_SANDBOX_CLOCK", "frozen",
                "BANKS_SANDBOX_START", "2026-03-02T09:00:00Z", "BANKS_SANDBOX_WEBHOOK", "inbox",
                "BANKS_SANDBOX_URL", "http://127.0.0.1:1", "BANKS_SANDBOX_JAVA", "/usr/bin/java",
                "BANKS_SANDBOX_VERSION", "0", "BANKS_SANDBOX_JAR", "x.jar",
                "BANKS_SANDBOX_IMAGE", "banks-sandbox:0", "BANKS_SANDBOX_ENGINE", "podman");
        try (SandboxProcess server = SandboxProcess.start(environment, "serve")) {
            assertThat(server.stdout()).contains("Webhook: inbox");
            String clock = Http.get(server.baseUrl() + "/_sandbox/clock", null).body();
            assertThat(Http.JSON.readTree(clock).path("mode").asText()).isEqualTo("frozen");
            assertThat(Http.JSON.readTree(clock).path("now").asText()).isEqualTo("2026-03-02T09:00:00.000Z");
            assertThat(server.terminate()).isIn(0, 143);
        }
    }

    private static int freePort() throws java.io.IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
