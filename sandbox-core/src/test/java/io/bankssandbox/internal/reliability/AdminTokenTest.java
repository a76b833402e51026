package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * With an admin token, every control route the OpenAPI document lists as guarded (it documents a
 * 401) refuses requests without {@code Authorization: Bearer <token>}, API keys included, and
 * changes nothing; the token does not open the /v0 API. Routes are read from the served document,
 * so a control route added later is covered.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AdminTokenTest {
    private static final String TOKEN = "admin-token-for-tests-7f3a";


    private ServedSandbox served;

    @BeforeAll
    void start() {
        served = ServedSandbox.start(SandboxConfig.builder().adminToken(TOKEN).build());
    }

    @AfterAll
    void stop() {
        served.close();
    }

    private List<RouteCatalog.Route> guardedControlRoutes() {
        List<RouteCatalog.Route> guarded = new ArrayList<>();
        for (RouteCatalog.Route route : served.catalog().routes()) {
            if (route.control() && route.responses().containsKey(401)) {
                guarded.add(route);
            }
        }
        return guarded;
    }

    private ApiClient.Response send(RouteCatalog.Route route, String authorization) {
        Map<String, String> values = new java.util.LinkedHashMap<>();
        for (RouteCatalog.Param param : route.pathParams()) {
            List<String> known = served.ids().ids(IdBook.kindForParameter(route, param.name()));
            values.put(param.name(), known.isEmpty() ? "x" : known.get(0));
        }
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        if (authorization != null) {
            headers.put("Authorization", authorization);
        }
        byte[] body = null;
        if (route.method().equals("POST") || route.method().equals("PUT")) {
            headers.put("Content-Type", "application/json");
            body = served.bodies().forRoute(route).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        return served.http().send(route.method(), route.path(values), headers, body);
    }

    @Test
    void everyGuardedControlRouteRefusesMissingWrongAndApiKeyCredentialsAndChangesNothing() {
        List<RouteCatalog.Route> guarded = guardedControlRoutes();
        assertThat(guarded).extracting(RouteCatalog.Route::toString)
                .contains("POST /_sandbox/reset", "GET /_sandbox/state", "PUT /_sandbox/state", "GET /_sandbox/requests",
                        "POST /_sandbox/clock/advance", "GET /_sandbox/health");
        JsonNode before = served.sandbox().exportState();
        List<String> wrong = new ArrayList<>();
        wrong.add(null);
        wrong.add("Bearer lm_key_sandbox_all");
        wrong.add("Bearer lm_key_sandbox_one");
        wrong.add("Bearer " + TOKEN + "x");
        wrong.add("bearer" + TOKEN);
        wrong.add("Basic " + TOKEN);
        wrong.add(TOKEN);
        int refused = 0;
        for (RouteCatalog.Route route : guarded) {
            for (String authorization : wrong) {
                ApiClient.Response response = send(route, authorization);
                assertThat(response.status()).as("%s with %s: %s", route, authorization, response.text()).isEqualTo(401);
                assertThat(response.json().get("statusCode").asInt()).isEqualTo(401);
                assertThat(response.json().get("message").asText()).isEqualTo("Unauthorized");
                refused++;
            }
        }
        assertThat(served.sandbox().exportState()).isEqualTo(before);
        assertThat(refused).isEqualTo(guarded.size() * wrong.size());
    }

    @Test
    void theTokenOpensEveryGuardedControlRoute() {
        for (RouteCatalog.Route route : guardedControlRoutes()) {
            ApiClient.Response response = send(route, "Bearer " + TOKEN);
            assertThat(response.status()).as("%s: %s", route, response.text()).isNotEqualTo(401).isLessThan(500);
        }
        served.sandbox().reset();
    }

    @Test
    void theTokenIsNotAnApiKey() {
        ApiClient.Response response = served.http().send("GET", "/v0/entities", Map.of("Authorization", "Bearer " + TOKEN), null);
        assertThat(response.status()).isEqualTo(401);
    }

    @Test
    void theOpenApiDocumentAndHandedOutCardPagesStayOpen() {
        // the contract is public knowledge; card-details pages are reached by an unguessable link; the
        // dashboard's static files hold no data (the page asks for the token before its control calls)
        assertThat(served.http().send("GET", "/_sandbox/openapi.json", Map.of(), null).status()).isEqualTo(200);
        List<RouteCatalog.Route> open = served.catalog().routes().stream()
                .filter(r -> r.control() && !r.responses().containsKey(401)).toList();
        assertThat(open).extracting(RouteCatalog.Route::toString).containsExactly(
                "GET /_sandbox/card-details/{token}", "GET /_sandbox/ui", "GET /_sandbox/ui/{asset}");
        assertThat(served.http().send("GET", "/_sandbox/card-details/nope", Map.of(), null).status()).isEqualTo(404);
    }
}
