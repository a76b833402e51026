package io.bankssandbox.internal.ondemand;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.server.SandboxServer;
import io.bankssandbox.internal.testing.ApiClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The host's settings as they reach sandboxes on demand: the most that may be open (429 beyond, also
 * when many ask at once), the admin token and CORS origins they share with the host.
 */
class OnDemandLimitsTest {

    private static String base(SandboxServer server) {
        return "http://127.0.0.1:" + server.port();
    }

    @Test
    void oneMoreThanTheLimitIsRefusedNamingTheLimitAndTheOptionAndClosingOneMakesRoom() {
        SandboxServer server = SandboxInternals.serve(SandboxConfig.defaults(),
                new RuntimeConfig.OnDemandLimits(2, Duration.ofMinutes(30)));
        try {
            ApiClient control = new ApiClient(base(server), null);
            String first = control.post("/_sandbox/sandboxes", Map.of(), null).json().get("id").asText();
            assertThat(control.post("/_sandbox/sandboxes", Map.of(), null).status()).isEqualTo(201);
            ApiClient.Response refused = control.post("/_sandbox/sandboxes", Map.of(), null);
            assertThat(refused.status()).isEqualTo(429);
            assertThat(refused.text()).isEqualTo("{\"statusCode\":429,\"error\":\"Too Many Requests\",\"message\":"
                    + "\"Sandbox limit reached: 2 sandboxes on demand are open (--max-sandboxes 2); close one with DELETE "
                    + "/_sandbox/sandboxes/{id} or start the server with a higher --max-sandboxes\"}");
            assertThat(refused.header("Retry-After")).isEmpty();
            assertThat(control.get("/_sandbox/sandboxes").json().get("data")).hasSize(3); // the host and two
            assertThat(control.delete("/_sandbox/sandboxes/" + first).status()).isEqualTo(204);
            assertThat(control.post("/_sandbox/sandboxes", Map.of(), null).status()).isEqualTo(201);
        } finally {
            server.stop();
        }
    }

    @Test
    @Tag("stress") // many threads at once: -Dpit.excludedGroups=stress leaves it out of a mutation run
    void manyAskingAtOnceGetExactlyTheLimitAndTheRestA429() throws Exception {
        SandboxServer server = SandboxInternals.serve(SandboxConfig.defaults(),
                new RuntimeConfig.OnDemandLimits(3, Duration.ofMinutes(30)));
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            ApiClient control = new ApiClient(base(server), null);
            List<Callable<Integer>> asks = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                asks.add(() -> control.post("/_sandbox/sandboxes", Map.of(), null).status());
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : threads.invokeAll(asks)) {
                statuses.add(answer.get());
            }
            assertThat(statuses).filteredOn(s -> s == 201).hasSize(3);
            assertThat(statuses).filteredOn(s -> s == 429).hasSize(5);
            assertThat(control.get("/_sandbox/sandboxes").json().get("data")).hasSize(4);
        } finally {
            threads.shutdownNow();
            server.stop();
        }
    }

    @Test
    void noneAtAllWhenTheLimitIsZero() {
        SandboxServer server = SandboxInternals.serve(SandboxConfig.defaults(),
                new RuntimeConfig.OnDemandLimits(0, Duration.ofMinutes(30)));
        try {
            assertThat(new ApiClient(base(server), null).post("/_sandbox/sandboxes", Map.of(), null).status()).isEqualTo(429);
        } finally {
            server.stop();
        }
    }

    @Test
    void theHostsAdminTokenAndCorsOriginsGuardEverySandboxOnDemand() {
        SandboxServer server = SandboxInternals.serve(SandboxConfig.builder().adminToken("s3cret")
                .corsOrigins(List.of("https://app.example.com")).build(), RuntimeConfig.OnDemandLimits.DEFAULTS);
        try {
            ApiClient anonymous = new ApiClient(base(server), null);
            ApiClient.Response refused = anonymous.post("/_sandbox/sandboxes", Map.of(), null);
            assertThat(refused.text()).isEqualTo("{\"statusCode\":401,\"error\":\"Unauthorized\",\"message\":\"Unauthorized\"}");
            assertThat(anonymous.get("/_sandbox/sandboxes").status()).isEqualTo(401);
            assertThat(anonymous.get("/_sandbox/sandboxes").status()).isEqualTo(401);

            ApiClient admin = new ApiClient(base(server), "s3cret");
            JsonNode created = admin.post("/_sandbox/sandboxes", Map.of(), null).json();
            String own = created.get("base_url").asText();
            assertThat(new ApiClient(own, null).get("/_sandbox/clock").status()).isEqualTo(401);
            assertThat(new ApiClient(own, "s3cret").get("/_sandbox/clock").status()).isEqualTo(200);
            assertThat(new ApiClient(own, Sandbox.DEFAULT_API_KEY).get("/v0/entities").status()).isEqualTo(200);
            assertThat(anonymous.delete("/_sandbox/sandboxes/" + created.get("id").asText()).status()).isEqualTo(401);

            ApiClient.Response allowed = new ApiClient(own, Sandbox.DEFAULT_API_KEY).send("GET", "/v0/entities", null,
                    Map.of("Origin", "https://app.example.com"));
            assertThat(allowed.header("Access-Control-Allow-Origin")).contains("https://app.example.com");
            ApiClient.Response other = new ApiClient(own, Sandbox.DEFAULT_API_KEY).send("GET", "/v0/entities", null,
                    Map.of("Origin", "http://localhost:3000"));
            assertThat(other.header("Access-Control-Allow-Origin")).isEmpty();
        } finally {
            server.stop();
        }
    }

    @Test
    void onEveryInterfaceTheNewSandboxesAddressIsTheNameTheClientReachedTheHostBy() {
        SandboxServer server = SandboxInternals.serve(SandboxConfig.builder().host("0.0.0.0").build(),
                RuntimeConfig.OnDemandLimits.DEFAULTS);
        try {
            JsonNode created = new ApiClient("http://localhost:" + server.port(), null).post("/_sandbox/sandboxes", Map.of(), null)
                    .json();
            String base = created.get("base_url").asText();
            assertThat(base).isEqualTo("http://localhost:" + server.port() + "/sandboxes/" + created.get("id").asText());
            assertThat(created.get("dashboard_url").asText()).isEqualTo(base + "/_sandbox/ui");
            assertThat(new ApiClient(base, Sandbox.DEFAULT_API_KEY).get("/v0/entities").status()).isEqualTo(200);
        } finally {
            server.stop();
        }
    }
}
