package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every method on every documented path gets the answer the error table gives, read from the served
 * document so that a path added later is covered: {@code OPTIONS} names in {@code Allow} exactly what
 * the path serves; a method it does not serve (TRACE, PATCH, one nobody has heard of) is the unknown
 * route in the family's error shape; {@code HEAD} on a GET route is that GET's status and headers,
 * after auth, without the body.
 */
class MethodsTest {
    private static final List<String> ORDER = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");
    private static final Map<String, String> AUTHORIZED = Map.of("Authorization", "Bearer " + MalformedRequests.ALL);


    private static ServedSandbox served;

    @BeforeAll
    static void start() {
        served = ServedSandbox.start();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    /** Path template to the methods the document gives it, HEAD and OPTIONS added as the server adds them. */
    private static Map<String, Set<String>> documentedMethods() {
        Map<String, Set<String>> byPath = new TreeMap<>();
        for (RouteCatalog.Route route : served.catalog().routes()) {
            byPath.computeIfAbsent(route.template(), t -> new LinkedHashSet<>()).add(route.method());
        }
        Map<String, Set<String>> out = new TreeMap<>();
        byPath.forEach((path, methods) -> {
            Set<String> all = new LinkedHashSet<>(methods);
            if (all.contains("GET")) {
                all.add("HEAD");
            }
            all.add("OPTIONS");
            Set<String> ordered = new LinkedHashSet<>();
            ORDER.stream().filter(all::contains).forEach(ordered::add);
            out.put(path, ordered);
        });
        return out;
    }

    /** A path of the template with real ids where the fixtures have them (so a GET answers 200, not 404). */
    private static String concrete(RouteCatalog.Route route) {
        Map<String, String> values = new LinkedHashMap<>();
        for (RouteCatalog.Param param : route.pathParams()) {
            String kind = IdBook.kindForParameter(route, param.name());
            List<String> known = kind == null ? List.of() : served.ids().ids(kind);
            values.put(param.name(), known.isEmpty() ? "x" : known.get(0));
        }
        return route.path(values);
    }

    private static RouteCatalog.Route anyRouteAt(String template) {
        return served.catalog().routes().stream().filter(r -> r.template().equals(template)).findFirst().orElseThrow();
    }

    @Test
    void optionsNamesInAllowExactlyWhatThePathServes() {
        List<String> wrong = new ArrayList<>();
        documentedMethods().forEach((template, methods) -> {
            ApiClient.Response answer = served.http().send("OPTIONS", concrete(anyRouteAt(template)), Map.of(), null);
            String expected = String.join(", ", methods);
            if (answer.status() != 204 || !answer.header("Allow").orElse("").equals(expected)) {
                wrong.add("OPTIONS " + template + " -> " + answer.status() + " Allow: " + answer.header("Allow").orElse("<none>")
                        + " (expected 204, Allow: " + expected + ")");
            }
        });
        assertThat(wrong).isEmpty();
    }

    @Test
    void aMethodThePathDoesNotServeIsTheUnknownRouteInTheFamilysShape() {
        List<String> wrong = new ArrayList<>();
        documentedMethods().forEach((template, methods) -> {
            String path = concrete(anyRouteAt(template));
            for (String method : List.of("TRACE", "PATCH", "PUT", "DELETE", "POST", "BREW")) {
                if (methods.contains(method)) {
                    continue;
                }
                ApiClient.Response answer = served.http().send(method, path, AUTHORIZED, null);
                String message = "Cannot " + method + " " + path;
                JsonNode expected = path.startsWith("/v0/external-accounts")
                        ? Json.MAPPER.createObjectNode().put("error", message)
                        : Json.MAPPER.createObjectNode().put("statusCode", 404).put("error", "Not Found")
                                .put("message", message);
                if (answer.status() != 404 || !answer.header("Content-Type").orElse("").startsWith("application/json")
                        || !expected.equals(answer.json())) {
                    wrong.add(method + " " + path + " -> " + answer.status() + " " + answer.text());
                }
            }
        });
        assertThat(wrong).isEmpty();
    }

    @Test
    void optionsOnAnUnknownPathIsTheUnknownRouteButAPreflightThereStillPasses() {
        ApiClient.Response plain = served.http().send("OPTIONS", "/v0/nowhere", Map.of(), null);
        assertThat(plain.status()).isEqualTo(404);
        assertThat(plain.json()).isEqualTo(Json.MAPPER.createObjectNode().put("statusCode", 404)
                .put("error", "Not Found").put("message", "Cannot OPTIONS /v0/nowhere"));

        ApiClient.Response preflight = served.http().send("OPTIONS", "/v0/nowhere", Map.of("Origin", "http://localhost:5173",
                "Access-Control-Request-Method", "GET"), null);
        assertThat(preflight.status()).isEqualTo(204);
        assertThat(preflight.header("Access-Control-Allow-Origin")).contains("http://localhost:5173");
        assertThat(preflight.header("Allow")).isEmpty();
    }

    @Test
    void headOnEveryGetRouteIsItsGetWithoutTheBody() {
        List<String> wrong = new ArrayList<>();
        for (RouteCatalog.Route route : served.catalog().routes()) {
            if (!route.method().equals("GET")) {
                continue;
            }
            String path = concrete(route);
            for (Map<String, String> headers : List.of(AUTHORIZED, Map.<String, String>of())) {
                ApiClient.Response get = served.http().send("GET", path, headers, null);
                ApiClient.Response head = served.http().send("HEAD", path, headers, null);
                Map<String, List<String>> getHeaders = withoutDate(get.headers());
                Map<String, List<String>> headHeaders = withoutDate(head.headers());
                if (head.status() != get.status() || !headHeaders.equals(getHeaders) || head.bytes().length != 0) {
                    wrong.add("HEAD " + path + " " + headers.keySet() + " -> " + head.status() + " " + headHeaders
                            + " " + head.bytes().length + " bytes; GET -> " + get.status() + " " + getHeaders);
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    /** CONNECT takes a host and port, not a path: HTTP refuses the message before routing, still in the JSON shape. */
    @Test
    void connectToAPathIsAMalformedRequestInTheErrorShape() {
        ApiClient.Response answer = served.http().send("CONNECT", "/v0/entities", AUTHORIZED, null);
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.header("Content-Type").orElse("")).startsWith("application/json");
        assertThat(answer.json().path("statusCode").asInt()).isEqualTo(400);
        assertThat(answer.json().path("error").asText()).isEqualTo("Bad Request");
    }

    @Test
    void headIsAuthorizedAndFindsIdsAsItsGetDoes() {
        assertThat(served.http().send("HEAD", "/v0/entities", Map.of(), null).status()).isEqualTo(401);
        assertThat(served.http().send("HEAD", "/v0/entities/entity_0000000000000000nope", AUTHORIZED, null).status())
                .isEqualTo(404);
        assertThat(served.http().send("HEAD", "/v0/entities", AUTHORIZED, null).status()).isEqualTo(200);
        assertThat(served.http().send("HEAD", "/v0/nowhere", AUTHORIZED, null).status()).isEqualTo(404);
    }

    private static Map<String, List<String>> withoutDate(Map<String, List<String>> headers) {
        Map<String, List<String>> out = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Date")) {
                out.put(name, values);
            }
        });
        return out;
    }
}
