package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Per-key scoping on every /v0 route of the served OpenAPI document: with {@code lm_key_sandbox_one}
 * (it sees Riverside only) every id that belongs to another entity is 404 on every route that takes
 * one, and no list, on any page, with any filter, shows another entity's data. Routes and ids are
 * discovered, so routes and fixture data added later are covered without editing this test.
 */
class ScopingTest extends SandboxTestBase {
    private RouteCatalog catalog;
    private IdBook ids;
    private String riverside;

    @BeforeAll
    void discover() {
        catalog = RouteCatalog.served(sandbox.baseUrl());
        JsonNode state = sandbox.exportState();
        ids = IdBook.of(state);
        riverside = state.get("entities").get(0).get("id").asText();
    }

    private List<RouteCatalog.Route> apiRoutes() {
        return catalog.routes().stream().filter(r -> r.template().startsWith("/v0")).toList();
    }

    @Test
    void everyIdOfAnotherEntityIsNotFoundOnEveryRouteThatTakesOne() {
        JsonNode before = state();
        int checked = 0;
        List<String> routesChecked = new ArrayList<>();
        for (RouteCatalog.Route route : apiRoutes()) {
            if (route.pathParams().size() != 1 || route.hasBody()) {
                continue;
            }
            String param = route.pathParams().get(0).name();
            String kind = IdBook.kindForParameter(route, param);
            List<String> foreign = ids.ids(kind).stream().filter(id -> ids.foreignTo(id, riverside)).toList();
            for (String id : foreign) {
                ApiClient.Response response = api.as(ONE).send(route.method(), route.path(Map.of(param, id)), null, Map.of());
                assertThat(response.status()).as("%s %s with the one-entity key: %s", route, id, response.text())
                        .isEqualTo(404);
                checked++;
            }
            if (!foreign.isEmpty()) {
                routesChecked.add(route.toString());
            }
        }
        assertThat(routesChecked).contains("GET /v0/cards/{card_id}", "DELETE /v0/cards/{card_id}",
                "GET /v0/accounts/{account_id}", "GET /v0/entities/{entity_id}",
                "GET /v0/inbound-ach-transfers/{id}", "GET /v0/transactions/{transaction_id}");
        assertThat(checked).isGreaterThan(100);
        assertThat(state()).as("a refused DELETE changed nothing").isEqualTo(before);
    }

    @Test
    void theSameIdsAreVisibleToTheKeyThatSeesEveryEntity() {
        // guards the test above against passing because every id is 404 to everyone
        int found = 0;
        for (RouteCatalog.Route route : apiRoutes()) {
            if (!route.method().equals("GET") || route.pathParams().size() != 1) {
                continue;
            }
            String param = route.pathParams().get(0).name();
            String kind = IdBook.kindForParameter(route, param);
            for (String id : ids.ids(kind).stream().filter(id -> ids.foreignTo(id, riverside)).limit(3).toList()) {
                if (api.get(route.path(Map.of(param, id))).status() == 200) {
                    found++;
                }
            }
        }
        assertThat(found).isGreaterThan(10);
    }

    @Test
    void noListShowsAnotherEntitysDataOnAnyPageWithAnyFilter() {
        int lists = 0;
        int items = 0;
        for (RouteCatalog.Route route : apiRoutes()) {
            if (!route.method().equals("GET") || !returnsList(route)) {
                continue;
            }
            for (Map<String, String> filters : filterCombinations(route)) {
                String path = route.path(filters) + query(route, filters);
                ApiClient.Response first = api.as(ONE).get(path);
                if (first.status() == 404 || first.status() == 400) {
                    // a filter naming another entity's id is not found, never an empty page that confirms it exists
                    continue;
                }
                assertThat(first.status()).as(path + ": " + first.text()).isEqualTo(200);
                List<JsonNode> all = route.paginated() ? io.bankssandbox.internal.testing.LiveFixtures.allPages(api.as(ONE), path, 7)
                        : list(first.json().get("data"));
                for (JsonNode item : all) {
                    assertNotForeign(path, item);
                    items++;
                }
                lists++;
            }
        }
        assertThat(lists).isGreaterThan(10);
        assertThat(items).isGreaterThan(20);
    }

    @Test
    void aFilterNamingAnotherEntitysIdIsNotFound() {
        for (RouteCatalog.Route route : apiRoutes()) {
            if (!route.method().equals("GET") || !returnsList(route)) {
                continue;
            }
            for (RouteCatalog.Param param : route.queryParams()) {
                String kind = param.name().endsWith("_id") ? param.name().substring(0, param.name().length() - 3) : null;
                if (kind == null) {
                    continue;
                }
                for (String id : ids.ids(kind).stream().filter(id -> ids.foreignTo(id, riverside)).toList()) {
                    Map<String, String> values = new LinkedHashMap<>();
                    route.pathParams().forEach(p -> values.put(p.name(), ownId(IdBook.kindForParameter(route, p.name()))));
                    ApiClient.Response response = api.as(ONE).get(route.path(values) + "?" + param.name() + "=" + id);
                    assertThat(response.status()).as(route + " ?" + param.name() + "=" + id + ": " + response.text())
                            .isEqualTo(404);
                }
            }
        }
    }

    private boolean returnsList(RouteCatalog.Route route) {
        JsonNode ok = catalog.document().path("paths").path(route.template()).path(route.method().toLowerCase())
                .path("responses").path("200").path("content").path("application/json").path("schema");
        JsonNode schema = RouteCatalog.resolve(catalog.document(), ok);
        return schema.path("properties").has("data");
    }

    /** Every way to fill a list's path and id filters with the one-entity key's own ids, plus no filter. */
    private List<Map<String, String>> filterCombinations(RouteCatalog.Route route) {
        List<Map<String, String>> out = new ArrayList<>();
        Map<String, String> base = new LinkedHashMap<>();
        for (RouteCatalog.Param p : route.pathParams()) {
            base.put(p.name(), ownId(IdBook.kindForParameter(route, p.name())));
        }
        boolean requiredFilter = route.queryParams().stream().anyMatch(p -> p.required() && p.name().endsWith("_id"));
        if (!requiredFilter) {
            out.add(base);
        }
        for (RouteCatalog.Param p : route.queryParams()) {
            if (!p.name().endsWith("_id")) {
                continue;
            }
            String kind = p.name().substring(0, p.name().length() - 3);
            for (String own : ids.ids(kind).stream().filter(id -> ids.owners(id).contains(riverside)).toList()) {
                Map<String, String> filters = new LinkedHashMap<>(base);
                filters.put("?" + p.name(), own);
                out.add(filters);
            }
        }
        return out;
    }

    private static String query(RouteCatalog.Route route, Map<String, String> filters) {
        StringBuilder q = new StringBuilder();
        filters.forEach((name, value) -> {
            if (name.startsWith("?")) {
                q.append(q.length() == 0 ? "?" : "&").append(name.substring(1)).append('=').append(value);
            }
        });
        return q.toString();
    }

    private String ownId(String kind) {
        return ids.ids(kind).stream().filter(id -> ids.owners(id).contains(riverside)).findFirst().orElse("x");
    }

    private void assertNotForeign(String path, JsonNode node) {
        if (node.isTextual() && IdBook.kindOf(node.asText()) != null) {
            assertThat(ids.foreignTo(node.asText(), riverside))
                    .as("%s shows %s, which belongs to %s", path, node.asText(), ids.owners(node.asText())).isFalse();
        }
        node.forEach(child -> assertNotForeign(path, child));
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> out = new ArrayList<>();
        array.forEach(out::add);
        return out;
    }
}
