package io.bankssandbox.internal.ondemand;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A sandbox on demand under its path ({@code /sandboxes/{id}} of the host's port) behaves exactly as a
 * sandbox at the root of a port of its own: paths in error bodies and in its journal are its own (no
 * prefix), its scenario export, idempotency keys, faults, CORS, admin token and rate limit are its own,
 * the URLs it writes carry its path, its dashboard loads there; and a path no open sandbox has is a 404
 * naming the sandbox, in the error shape of the route asked for. Every answer is checked against the
 * served document (through {@link ApiClient}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OnDemandPathTest {
    private static final String TOKEN = "path-admin-token";
    private static final int RATE_LIMIT = 3;

    private Sandbox host;
    private ApiClient hostControl;
    private String id;
    private String base;
    private ApiClient control;
    private ApiClient api;

    @BeforeAll
    void start() {
        host = Sandbox.start(SandboxConfig.builder().adminToken(TOKEN).build());
        hostControl = new ApiClient(host.baseUrl(), TOKEN);
        JsonNode created = hostControl.post("/_sandbox/sandboxes", Map.of("name", "under a path"), null).json();
        id = created.get("id").asText();
        base = created.get("base_url").asText();
        assertThat(base).isEqualTo(host.baseUrl() + "/sandboxes/" + id);
        control = new ApiClient(base, TOKEN);
        api = new ApiClient(base, Sandbox.DEFAULT_API_KEY);
    }

    @AfterAll
    void stop() {
        host.close();
    }

    @Test
    void anUnknownRouteNamesItsPathWithoutThePrefix() {
        assertThat(api.get("/v0/nothing-here").text())
                .isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Cannot GET /v0/nothing-here\"}");
        assertThat(control.send("DELETE", "/_sandbox/nothing", null, Map.of()).text())
                .isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Cannot DELETE /_sandbox/nothing\"}");
        // the sandbox's own root, as a port's root is
        assertThat(api.get("").text()).isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Cannot GET /\"}");
    }

    @Test
    void itsJournalAndScenarioExportKeepPathsAsAtTheRoot() {
        control.delete("/_sandbox/requests");
        hostControl.delete("/_sandbox/requests");
        String account = api.get("/v0/accounts?limit=1").json().at("/data/0/id").asText();
        api.get("/v0/accounts/" + account);
        JsonNode journal = control.get("/_sandbox/requests").json().get("data");
        List<String> paths = new ArrayList<>();
        journal.forEach(entry -> paths.add(entry.get("path").asText()));
        assertThat(paths).containsExactlyInAnyOrder("/v0/accounts?limit=1", "/v0/accounts/" + account);
        String scenario = control.get("/_sandbox/requests?format=scenario").text();
        assertThat(scenario).contains("\"path\":\"/v0/accounts/" + account + "\"").doesNotContain("/sandboxes/");
        // the host saw none of it
        assertThat(hostControl.get("/_sandbox/requests").json().get("data")).isEmpty();
    }

    @Test
    void idempotencyKeysAreItsOwn() {
        Map<String, Object> body = externalAccount("Path supplies", "123456789");
        ApiClient.Response first = api.post("/v0/external-accounts", body, "path-key-0001");
        assertThat(first.status()).as(first.toString()).isEqualTo(201);
        ApiClient.Response replay = api.post("/v0/external-accounts", body, "path-key-0001");
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.header("Idempotency-Replayed")).contains("true");
        assertThat(replay.json().get("id")).isEqualTo(first.json().get("id"));
        ApiClient.Response other = api.post("/v0/external-accounts", externalAccount("Other", "987654321"), "path-key-0001");
        assertThat(other.status()).isEqualTo(422);
        assertThat(other.json().fieldNames().next()).isEqualTo("error");
        // the same key on the host is the host's own: a new account, not this sandbox's replay
        ApiClient.Response onHost = new ApiClient(host.baseUrl(), Sandbox.DEFAULT_API_KEY)
                .post("/v0/external-accounts", body, "path-key-0001");
        assertThat(onHost.status()).isEqualTo(201);
        assertThat(onHost.header("Idempotency-Replayed")).isEmpty();
    }

    @Test
    void faultsAreItsOwnAndMatchPathsWithoutThePrefix() {
        control.post("/_sandbox/faults", Map.of("method", "GET", "path", "/v0/entities", "status", 503, "times", 1), null);
        ApiClient.Response faulted = api.get("/v0/entities");
        assertThat(faulted.status()).isEqualTo(503);
        assertThat(new ApiClient(host.baseUrl(), Sandbox.DEFAULT_API_KEY).get("/v0/entities").status()).isEqualTo(200);
        assertThat(api.get("/v0/entities").status()).isEqualTo(200);
    }

    @Test
    void theAdminTokenIsTheHostsAndCorsAnswersUnderThePath() {
        assertThat(new ApiClient(base, null).get("/_sandbox/clock").text())
                .isEqualTo("{\"statusCode\":401,\"error\":\"Unauthorized\",\"message\":\"Unauthorized\"}");
        assertThat(new ApiClient(base, "lm_key_not_known").get("/v0/accounts").status()).isEqualTo(401);
        ApiClient.Response preflight = api.send("OPTIONS", "/v0/external-accounts", null, Map.of(
                "Origin", "http://localhost:5173", "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "authorization,content-type,idempotency-key"));
        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.header("Access-Control-Allow-Origin")).contains("http://localhost:5173");
        assertThat(preflight.header("Allow").orElseThrow()).contains("POST", "GET");
        ApiClient.Response read = api.send("GET", "/v0/accounts", null, Map.of("Origin", "http://localhost:5173"));
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.header("Access-Control-Allow-Origin")).contains("http://localhost:5173");
    }

    @Test
    void theHostsRateLimitHoldsUnderThePathCountingItsOwnRequests() {
        try (Sandbox limitedHost = Sandbox.start(SandboxConfig.builder().rateLimitPerMinute(RATE_LIMIT).build())) {
            String own = new ApiClient(limitedHost.baseUrl(), null).post("/_sandbox/sandboxes", Map.of(), null).json()
                    .get("base_url").asText();
            ApiClient limited = new ApiClient(own, Sandbox.DEFAULT_API_KEY);
            List<Integer> statuses = new ArrayList<>();
            ApiClient.Response refused = null;
            // the limit's window is a minute: twice the limit plus one, however the minute falls, reaches it
            for (int i = 0; i < 2 * RATE_LIMIT + 1 && refused == null; i++) {
                ApiClient.Response answer = limited.get("/v0/entities");
                statuses.add(answer.status());
                refused = answer.status() == 429 ? answer : null;
            }
            assertThat(refused).as("statuses %s", statuses).isNotNull();
            assertThat(refused.header("Retry-After")).isPresent();
            // the host's count for the same key is its own
            assertThat(new ApiClient(limitedHost.baseUrl(), Sandbox.DEFAULT_API_KEY).get("/v0/entities").status())
                    .isEqualTo(200);
        }
    }

    @Test
    void urlsItWritesCarryItsPath() {
        String card = null;
        for (JsonNode row : control.get("/_sandbox/state").json().get("cards")) {
            card = "Office supplies".equals(row.path("nickname").asText()) ? row.get("id").asText() : card;
        }
        ApiClient.Response iframe = api.get("/v0/cards/" + card + "/iframe");
        assertThat(iframe.status()).as(iframe.toString()).isEqualTo(200);
        String url = iframe.json().get("url").asText();
        assertThat(url).startsWith(base + "/_sandbox/card-details/");
        String path = url.substring(base.length());
        ApiClient.Response page = new ApiClient(base, null).get(path);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type").orElseThrow()).startsWith("text/html");
        // the same token is no page of the host's
        assertThat(new ApiClient(host.baseUrl(), null).get(path).status()).isEqualTo(404);
    }

    @Test
    void itsOpenApiDocumentNamesItAsTheServer() {
        JsonNode document = control.get("/_sandbox/openapi.json").json();
        URI server = URI.create(base + "/_sandbox/openapi.json").resolve(document.at("/servers/0/url").asText());
        assertThat(server.toString()).isEqualTo(base + "/");
        URI atRoot = URI.create(host.baseUrl() + "/_sandbox/openapi.json").resolve(document.at("/servers/0/url").asText());
        assertThat(atRoot.toString()).isEqualTo(host.baseUrl() + "/");
    }

    @Test
    void itsDashboardLoadsWithEveryFileItLinksUnderThePath() {
        String html = control.get("/_sandbox/ui").text();
        Matcher links = Pattern.compile("(?:src|href)=\"(ui/[^\"]+)\"").matcher(html);
        int found = 0;
        while (links.find()) {
            // what a browser resolves the relative link to, from .../sandboxes/{id}/_sandbox/ui
            assertThat(control.get("/_sandbox/" + links.group(1)).status()).as(links.group(1)).isEqualTo(200);
            found++;
        }
        assertThat(found).isGreaterThanOrEqualTo(3);
    }

    @Test
    void aPathOfNoOpenSandboxIsA404NamingTheSandboxInTheShapeOfTheRouteAskedFor() {
        String gone = "sandbox_00000000000000000000";
        ApiClient unknown = new ApiClient(host.baseUrl() + "/sandboxes/" + gone, Sandbox.DEFAULT_API_KEY);
        String notFound = "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Sandbox " + gone + " not found\"}";
        assertThat(unknown.get("/v0/accounts").text()).isEqualTo(notFound);
        assertThat(unknown.get("/_sandbox/health").text()).isEqualTo(notFound);
        assertThat(unknown.get("").text()).isEqualTo(notFound);
        assertThat(unknown.post("/v0/external-accounts", Map.of()).text()).isEqualTo("{\"error\":\"Sandbox " + gone + " not found\"}");
        // /sandboxes alone is no sandbox's path: an unknown route of the host
        assertThat(new ApiClient(host.baseUrl(), null).get("/sandboxes").text())
                .isEqualTo("{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Cannot GET /sandboxes\"}");
    }

    private static Map<String, Object> externalAccount(String nickname, String accountNumber) {
        return Map.of("entity_id", "entity_00000001nh0ctdekwudu", "nickname", nickname,
                "routing_number", "021000021", "account_number", accountNumber,
                "holder_name", "Path Holder", "holder_type", "business",
                "holder_address", Map.of("line1", "1 Main St", "city", "Springfield", "state", "IL",
                        "postal_code", "62701", "country", "US"));
    }
}
