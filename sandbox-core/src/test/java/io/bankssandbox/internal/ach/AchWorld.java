package io.bankssandbox.internal.ach;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the ACH tests need from the default fixtures, looked up through the API (by account name,
 * by amount) rather than by id, so a regenerated fixture set does not break them.
 */
final class AchWorld {
    static final String KEY_ONE = "lm_key_sandbox_one";
    static final String RIVERSIDE_OPERATING = "Riverside Operating";
    static final String RIVERSIDE_PAYROLL = "Riverside Payroll";
    static final String LAKESIDE_OPERATING = "Lakeside Operating";
    static final String HARBOR_OPERATING = "Harbor Operating";

    final Sandbox sandbox;
    final ApiClient api;
    final ApiClient one;

    AchWorld(Sandbox sandbox) {
        this.sandbox = sandbox;
        this.api = new ApiClient(sandbox.baseUrl(), sandbox.apiKey());
        this.one = api.as(KEY_ONE);
    }

    String accountId(String name) {
        for (JsonNode account : api.get("/v0/accounts").json().get("data")) {
            if (account.get("name").asText().equals(name)) {
                return account.get("id").asText();
            }
        }
        throw new AssertionError("no account named " + name);
    }

    /** {total_balance, available_balance} of an account. */
    Balance balance(String accountId) {
        for (JsonNode account : api.get("/v0/accounts").json().get("data")) {
            if (account.get("id").asText().equals(accountId)) {
                return new Balance(account.get("total_balance").asLong(), account.get("available_balance").asLong());
            }
        }
        throw new AssertionError("no account " + accountId);
    }

    Map<String, Balance> balances() {
        Map<String, Balance> out = new HashMap<>();
        for (JsonNode account : api.get("/v0/accounts").json().get("data")) {
            out.put(account.get("id").asText(),
                    new Balance(account.get("total_balance").asLong(), account.get("available_balance").asLong()));
        }
        return out;
    }

    record Balance(long total, long available) {
        Balance plus(long amount) {
            return new Balance(total + amount, available + amount);
        }
    }

    /** Every transfer the client sees, walking all pages of the given query. */
    static List<JsonNode> walk(ApiClient client, String query, int limit) {
        List<JsonNode> items = new ArrayList<>();
        String cursor = null;
        for (int pages = 0; pages < 10_000; pages++) {
            String path = "/v0/inbound-ach-transfers?limit=" + limit + (query.isEmpty() ? "" : "&" + query)
                    + (cursor == null ? "" : "&cursor=" + cursor);
            ApiClient.Response response = client.get(path);
            assertThat(response.status()).as(response.toString()).isEqualTo(200);
            JsonNode page = response.json();
            assertThat(page.get("data").size()).isLessThanOrEqualTo(limit);
            page.get("data").forEach(items::add);
            if (!page.get("has_next").asBoolean()) {
                assertThat(page.get("cursor").isNull()).isTrue();
                return items;
            }
            assertThat(page.get("data").size()).isEqualTo(limit);
            cursor = page.get("cursor").asText();
        }
        throw new AssertionError("pagination does not end");
    }

    /** The fixture's pending transfer with this amount. */
    JsonNode pending(long amount) {
        for (JsonNode transfer : walk(api, "", 100)) {
            if (transfer.get("status").asText().equals("pending") && transfer.get("amount").asLong() == amount) {
                return transfer;
            }
        }
        throw new AssertionError("no pending transfer of " + amount);
    }

    JsonNode transfer(String id) {
        ApiClient.Response response = api.get("/v0/inbound-ach-transfers/" + id);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    JsonNode simulate(Map<String, Object> body) {
        ApiClient.Response response = api.post("/_sandbox/inbound-ach-transfers", body);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json();
    }

    ApiClient.Response move(String id, String verb, Map<String, Object> body) {
        return api.post("/_sandbox/inbound-ach-transfers/" + id + "/" + verb, body);
    }

    /** Advances the clock through the control API; returns the events it reports. */
    List<JsonNode> advance(String by) {
        ApiClient.Response response = api.post("/_sandbox/clock/advance", Map.of("by", by));
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        List<JsonNode> events = new ArrayList<>();
        response.json().get("events").forEach(events::add);
        return events;
    }

    List<JsonNode> advanceTo(String to) {
        ApiClient.Response response = api.post("/_sandbox/clock/advance", Map.of("to", to));
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        List<JsonNode> events = new ArrayList<>();
        response.json().get("events").forEach(events::add);
        return events;
    }

    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
