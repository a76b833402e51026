package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.state.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every operation the served OpenAPI document lists is answered by a route, not by the unknown-route
 * 404 ({@code Cannot GET /path}): a feature that stops registering one of its routes fails here.
 *
 * <p>The sandbox starts inside the test, not in a {@code @BeforeAll}: route registration then runs
 * within a test, so mutation testing (which attributes coverage to tests, and class setup to none)
 * sees which test covers it.
 */
class EveryDocumentedRouteIsServedTest {
    private static final Set<String> METHODS = Set.of("get", "post", "put", "delete", "patch");

    @Test
    void everyDocumentedOperationReachesItsRouteRatherThanTheUnknownRoute404() throws Exception {
        try (Sandbox sandbox = Sandbox.start()) {
            HttpClient client = HttpClient.newHttpClient();
            JsonNode document = Json.MAPPER.readTree(client.send(
                    HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/openapi.json")).build(),
                    HttpResponse.BodyHandlers.ofByteArray()).body());
            List<String> unrouted = new ArrayList<>();
            int operations = 0;
            for (Iterator<Map.Entry<String, JsonNode>> paths = document.get("paths").fields(); paths.hasNext(); ) {
                Map.Entry<String, JsonNode> path = paths.next();
                String target = path.getKey().replaceAll("\\{[^}]+}", "x_unknown");
                for (Iterator<String> methods = path.getValue().fieldNames(); methods.hasNext(); ) {
                    String method = methods.next();
                    if (!METHODS.contains(method)) {
                        continue;
                    }
                    operations++;
                    String verb = method.toUpperCase(java.util.Locale.ROOT);
                    HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + target))
                            .header("Authorization", "Bearer " + Sandbox.DEFAULT_API_KEY)
                            .method(verb, HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
                    if (response.statusCode() == 404 && response.body().contains("Cannot " + verb + " ")) {
                        unrouted.add(verb + " " + path.getKey());
                    }
                }
            }
            assertThat(operations).as("operations in the served document").isGreaterThan(50);
            assertThat(unrouted).as("documented operations answered as unknown routes").isEmpty();
        }
    }
}
