package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's own routes are strict about query parameters as they are about body properties: one
 * they do not declare is a 400 naming it. The vendor's /v0 routes ignore one they do not know, as the
 * vendor does. Read from the served document, so a route added later is covered.
 */
class QueryParametersTest {

    private static ServedSandbox served;

    @BeforeAll
    static void start() {
        served = ServedSandbox.start();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    private static String path(RouteCatalog.Route route) {
        Map<String, String> values = new LinkedHashMap<>();
        for (RouteCatalog.Param param : route.pathParams()) {
            String kind = IdBook.kindForParameter(route, param.name());
            List<String> known = kind == null ? List.of() : served.ids().ids(kind);
            values.put(param.name(), known.isEmpty() ? "x" : known.get(0));
        }
        return route.path(values);
    }

    @Test
    void aQueryParameterAControlRouteDoesNotDeclareIsA400NamingIt() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (RouteCatalog.Route route : served.catalog().routes()) {
            if (!route.control() || route.template().equals("/_sandbox/card-details/{token}")
                    || route.template().startsWith("/_sandbox/ui")) {
                continue; // pages a browser opens, not the control API
            }
            checked++;
            Map<String, String> headers = route.method().equals("GET") || route.method().equals("DELETE")
                    ? Map.of() : Map.of("Content-Type", "application/json");
            byte[] body = headers.isEmpty() ? null : "{}".getBytes();
            ApiClient.Response answer = served.http().send(route.method(), path(route) + "?no_such_filter=x&limit=5", headers, body);
            List<String> expected = new ArrayList<>(List.of("property no_such_filter should not exist"));
            if (route.queryParams().stream().noneMatch(p -> p.name().equals("limit"))) {
                expected.add("property limit should not exist");
            }
            var json = Json.MAPPER.createObjectNode().put("statusCode", 400).put("error", "Bad Request");
            expected.forEach(json.putArray("message")::add);
            json.remove("message");
            json.set("message", Json.MAPPER.valueToTree(expected));
            if (answer.status() != 400 || !json.equals(answer.json())) {
                wrong.add(route + " -> " + answer.status() + " " + answer.text());
            }
        }
        assertThat(checked).isGreaterThan(30);
        assertThat(wrong).isEmpty();
    }

    @Test
    void theCardAuthorizationListRefusesAnAccountFilterItDoesNotHave() {
        ApiClient.Response answer = served.http().send("GET", "/_sandbox/card-authorizations?account_id=account_1", Map.of(), null);
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().get("message").toString()).isEqualTo("[\"property account_id should not exist\"]");
    }

    @Test
    void theVendorsRoutesIgnoreAQueryParameterTheyDoNotKnow() {
        List<String> wrong = new ArrayList<>();
        Map<String, String> auth = Map.of("Authorization", "Bearer " + MalformedRequests.ALL);
        for (RouteCatalog.Route route : served.catalog().routes()) {
            if (route.control() || !route.method().equals("GET")) {
                continue;
            }
            ApiClient.Response plain = served.http().send("GET", path(route), auth, null);
            ApiClient.Response extra = served.http().send("GET", path(route) + "?utm_source=newsletter", auth, null);
            if (plain.status() != extra.status()) {
                wrong.add(route + " -> " + plain.status() + " without, " + extra.status() + " with an unknown parameter: "
                        + extra.text());
            }
        }
        assertThat(wrong).isEmpty();
    }
}
