package io.bankssandbox.internal.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Ids of the default fixture set, read through the API (so tests do not hard-code generated ids):
 * Riverside (the only entity {@code lm_key_sandbox_one} sees) is the first entity, Lakeside the
 * second, Harbor the third.
 */
public record LiveFixtures(List<JsonNode> entities, List<JsonNode> accounts) {
    public static final String ONE = "lm_key_sandbox_one";

    public static LiveFixtures read(ApiClient api) {
        List<JsonNode> entities = new ArrayList<>();
        api.get("/v0/entities?limit=100").json().get("data").forEach(entities::add);
        List<JsonNode> accounts = new ArrayList<>();
        api.get("/v0/accounts").json().get("data").forEach(accounts::add);
        return new LiveFixtures(entities, accounts);
    }

    public String entityId(int index) {
        return entities.get(index).get("id").asText();
    }

    public String riverside() {
        return entityId(0);
    }

    public String lakeside() {
        return entityId(1);
    }

    public String harbor() {
        return entityId(2);
    }

    /** The id of the account with this name. */
    public String account(String name) {
        return accounts.stream().filter(a -> a.get("name").asText().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no account named " + name)).get("id").asText();
    }

    public String riversideOperating() {
        return account("Riverside Operating");
    }

    public String riversidePayroll() {
        return account("Riverside Payroll");
    }

    public String lakesideOperating() {
        return account("Lakeside Operating");
    }

    public String harborOperating() {
        return account("Harbor Operating");
    }

    /** Every item of a paginated list, following cursors; fails if a page repeats an id. */
    public static List<JsonNode> allPages(ApiClient api, String path, int limit) {
        List<JsonNode> items = new ArrayList<>();
        String separator = path.contains("?") ? "&" : "?";
        String cursor = null;
        for (int pages = 0; pages < 10_000; pages++) {
            String target = path + separator + "limit=" + limit + (cursor == null ? "" : "&cursor=" + cursor);
            ApiClient.Response response = api.get(target);
            if (response.status() != 200) {
                throw new AssertionError(response.toString());
            }
            JsonNode page = response.json();
            page.get("data").forEach(items::add);
            if (!page.get("has_next").asBoolean()) {
                if (!page.get("cursor").isNull()) {
                    throw new AssertionError("last page carries a cursor: " + response);
                }
                return items;
            }
            if (page.get("data").size() != limit) {
                throw new AssertionError("a page before the last is not full: " + response);
            }
            cursor = page.get("cursor").asText();
        }
        throw new AssertionError("pagination never ended for " + path);
    }
}
