package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Rules that hold after any sequence of operations, checked on the state export and through the API. */
final class Invariants {
    private Invariants() {}

    /**
     * Every account's transactions sum to its {@code total_balance} (each money move is exactly one
     * transaction), and {@code available_balance} never exceeds it (holds only ever withhold).
     * Answers how many accounts were checked.
     */
    static int balancesAddUp(JsonNode export) {
        Map<String, Long> sums = new HashMap<>();
        for (JsonNode transaction : export.get("transactions")) {
            sums.merge(transaction.get("account_id").asText(), transaction.get("amount").asLong(), Long::sum);
        }
        int checked = 0;
        for (JsonNode account : export.get("accounts")) {
            String id = account.get("id").asText();
            long total = account.get("total_balance").asLong();
            long available = account.get("available_balance").asLong();
            if (sums.getOrDefault(id, 0L) != total) {
                throw new AssertionError("account " + id + ": transactions sum to " + sums.getOrDefault(id, 0L)
                        + " but total_balance is " + total);
            }
            if (available > total) {
                throw new AssertionError("account " + id + ": available_balance " + available + " exceeds total_balance " + total);
            }
            checked++;
        }
        return checked;
    }

    /**
     * Walking every page of a list yields each item once, and the same items, in the same order, at
     * any page size. Answers the number of items.
     */
    static int paginationComplete(ApiClient api, String path) {
        return paginationComplete(api, path, 1, 3, 10);
    }

    static int paginationComplete(ApiClient api, String path, int... limits) {
        List<String> reference = ids(LiveFixtures.allPages(api, path, 100));
        Set<String> unique = new HashSet<>(reference);
        if (unique.size() != reference.size()) {
            throw new AssertionError(path + " repeats items at limit 100: " + reference);
        }
        for (int limit : limits) {
            if (limit == 1 && reference.size() > 150) {
                continue; // one request per item: enough at 3 and 10
            }
            List<String> walked = ids(LiveFixtures.allPages(api, path, limit));
            if (!walked.equals(reference)) {
                throw new AssertionError(path + " at limit " + limit + " walks " + walked.size() + " items, at 100 "
                        + reference.size() + " (or in another order)");
            }
        }
        return reference.size();
    }

    private static List<String> ids(List<JsonNode> items) {
        List<String> out = new ArrayList<>();
        for (JsonNode item : items) {
            out.add(item.has("id") ? item.get("id").asText() : item.toString());
        }
        return out;
    }
}
