package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every paginated list of the served document, with every value of its id filters: walking all
 * pages yields each item once, the same items at page sizes 1, 3, 10 and 100; and a walk that
 * goes on while items are added still yields every item that existed when it started, once.
 */
class PaginationTest extends SandboxTestBase {
    private RouteCatalog catalog;
    private IdBook ids;

    @BeforeAll
    void discover() {
        catalog = RouteCatalog.served(sandbox.baseUrl());
        ids = IdBook.of(sandbox.exportState());
    }

    @Test
    void everyListWalksCompletelyAtEveryPageSizeWithEveryFilter() {
        int walks = 0;
        int items = 0;
        Set<String> routes = new HashSet<>();
        for (RouteCatalog.Route route : catalog.routes()) {
            if (!route.method().equals("GET") || !route.paginated() || !route.template().startsWith("/v0")) {
                continue;
            }
            for (String path : paths(route)) {
                ApiClient.Response first = api.get(path);
                if (first.status() != 200) {
                    assertThat(first.status()).as(path).isIn(400, 404);
                    continue;
                }
                items += Invariants.paginationComplete(api, path);
                walks++;
                routes.add(route.toString());
            }
        }
        assertThat(routes).contains("GET /v0/entities", "GET /v0/transactions", "GET /v0/inbound-ach-transfers",
                "GET /v0/external-accounts");
        assertThat(walks).isGreaterThan(20);
        assertThat(items).isGreaterThan(100);
    }

    @Test
    void aWalkWhileItemsAreAddedYieldsEveryItemThatExistedOnce() {
        String operating = riversideOperatingAccountId();
        String payroll = rows("accounts", "name", "Riverside Payroll").get(0).get("id").asText();
        String path = "/v0/transactions?account_id=" + operating;
        List<String> before = new ArrayList<>();
        io.bankssandbox.internal.testing.LiveFixtures.allPages(api, path, 100).forEach(t -> before.add(t.get("id").asText()));

        List<String> walked = new ArrayList<>();
        String cursor = null;
        for (int page = 0; page < 1_000; page++) {
            JsonNode body = api.get(path + "&limit=4" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            body.get("data").forEach(t -> walked.add(t.get("id").asText()));
            // money moves between pages: new transactions on the walked account
            assertThat(api.post("/v0/book-transfer", Map.of("source_account_id", operating,
                    "destination_account_id", payroll, "amount", 1 + page)).status()).isEqualTo(201);
            if (!body.get("has_next").asBoolean()) {
                break;
            }
            cursor = body.get("cursor").asText();
        }
        assertThat(new HashSet<>(walked)).hasSize(walked.size());
        assertThat(walked).containsAll(before);
    }

    /** The route's path with each id filter set to each known id of its kind, and without filters when allowed. */
    private List<String> paths(RouteCatalog.Route route) {
        Map<String, String> values = new LinkedHashMap<>();
        route.pathParams().forEach(p -> values.put(p.name(),
                ids.ids(IdBook.kindForParameter(route, p.name())).stream().findFirst().orElse("x")));
        String base = route.path(values);
        List<String> out = new ArrayList<>();
        if (route.queryParams().stream().noneMatch(RouteCatalog.Param::required)) {
            out.add(base);
        }
        for (RouteCatalog.Param p : route.queryParams()) {
            if (p.name().endsWith("_id")) {
                for (String id : ids.ids(p.name().substring(0, p.name().length() - 3))) {
                    out.add(base + "?" + p.name() + "=" + id);
                }
            }
        }
        return out;
    }
}
