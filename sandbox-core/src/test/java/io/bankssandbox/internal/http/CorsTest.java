package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CorsTest extends SandboxTestBase {
    private static final String DEV_SERVER = "http://localhost:5173";

    private ApiClient.Response preflight(ApiClient client, String path, String origin) {
        return client.send("OPTIONS", path, null, Map.of("Origin", origin, "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "authorization, content-type, idempotency-key, x-trace-id"));
    }

    @Test
    void preflightFromALocalhostOriginIsAnsweredBeforeAuthAndRouting() {
        for (String path : List.of("/v0/cards", "/v0/external-accounts", "/v0/no-such-route", "/_sandbox/clock/advance")) {
            ApiClient.Response answer = preflight(control, path, DEV_SERVER);
            assertThat(answer.status()).as(path).isEqualTo(204);
            assertThat(answer.header("Access-Control-Allow-Origin")).contains(DEV_SERVER);
            assertThat(answer.header("Access-Control-Allow-Credentials")).contains("true");
            assertThat(answer.header("Access-Control-Allow-Methods").orElseThrow()).contains("POST", "GET", "DELETE", "PUT");
            assertThat(answer.header("Access-Control-Allow-Headers").orElseThrow())
                    .contains("Authorization", "Content-Type", "Idempotency-Key", "x-trace-id");
        }
        assertThat(preflight(control, "/v0/cards", "http://127.0.0.1:3000").header("Access-Control-Allow-Origin"))
                .contains("http://127.0.0.1:3000");
    }

    @Test
    void actualRequestEchoesTheOriginWithCredentialsAndExposesTheSandboxHeaders() {
        ApiClient.Response answer = api.send("GET", "/v0/entities?limit=1", null, Map.of("Origin", DEV_SERVER));
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("Access-Control-Allow-Origin")).contains(DEV_SERVER);
        assertThat(answer.header("Access-Control-Allow-Credentials")).contains("true");
        assertThat(answer.header("Access-Control-Expose-Headers").orElseThrow())
                .contains("Idempotency-Replayed", "Retry-After");
        assertThat(answer.header("Vary").orElseThrow()).contains("Origin");
        // errors carry them too, or the page could not read why it failed
        ApiClient.Response unauthorized = control.send("GET", "/v0/entities", null, Map.of("Origin", DEV_SERVER));
        assertThat(unauthorized.status()).isEqualTo(401);
        assertThat(unauthorized.header("Access-Control-Allow-Origin")).contains(DEV_SERVER);
    }

    @Test
    void privateNetworkAccessPreflightIsAllowedForAnAllowedOrigin() {
        ApiClient.Response answer = control.send("OPTIONS", "/v0/entities", null, Map.of("Origin", DEV_SERVER,
                "Access-Control-Request-Method", "GET", "Access-Control-Request-Private-Network", "true"));
        assertThat(answer.header("Access-Control-Allow-Private-Network")).contains("true");
    }

    @Test
    void otherOriginsGetNoCorsHeaders() {
        ApiClient.Response answer = preflight(control, "/v0/cards", "https://evil.example");
        assertThat(answer.status()).isEqualTo(204);
        assertThat(answer.header("Access-Control-Allow-Origin")).isEmpty();
        assertThat(answer.header("Access-Control-Allow-Headers")).isEmpty();
        ApiClient.Response get = api.send("GET", "/v0/entities?limit=1", null, Map.of("Origin", "http://localhost.evil.example"));
        assertThat(get.header("Access-Control-Allow-Origin")).isEmpty();
        assertThat(get.header("Access-Control-Allow-Credentials")).isEmpty();
    }

    @Test
    void configuredOriginsReplaceTheLocalhostDefault() {
        try (Sandbox custom = Sandbox.start(SandboxConfig.builder()
                .corsOrigins(List.of("https://app.example.com", "https://*.preview.example.com")).build())) {
            ApiClient client = new ApiClient(custom.baseUrl(), ALL);
            assertThat(preflight(client, "/v0/cards", "https://app.example.com").header("Access-Control-Allow-Origin"))
                    .contains("https://app.example.com");
            assertThat(preflight(client, "/v0/cards", "https://pr-7.preview.example.com").header("Access-Control-Allow-Origin"))
                    .contains("https://pr-7.preview.example.com");
            assertThat(preflight(client, "/v0/cards", DEV_SERVER).header("Access-Control-Allow-Origin")).isEmpty();
        }
    }

    @Test
    void originPatternsMatchWholeOrigins() {
        CorsPolicy policy = new CorsPolicy(CorsPolicy.LOCALHOST);
        assertThat(policy.allows("http://localhost:8080")).isTrue();
        assertThat(policy.allows("http://127.0.0.1:5173")).isTrue();
        assertThat(policy.allows("http://localhost")).isFalse();
        assertThat(policy.allows("http://localhost:80/evil")).isFalse();
        assertThat(policy.allows("http://localhost.evil.com:80")).isFalse();
        assertThat(policy.allows(null)).isFalse();
        assertThat(new CorsPolicy(List.of("*")).allows("https://anything.example")).isTrue();
        assertThat(new CorsPolicy(List.of()).allows(DEV_SERVER)).isFalse();
    }
}
