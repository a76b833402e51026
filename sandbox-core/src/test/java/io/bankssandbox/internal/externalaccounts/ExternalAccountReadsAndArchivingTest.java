package io.bankssandbox.internal.externalaccounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Reading external accounts: one by id (404 for one the key cannot see), the list paged newest first with
 * only active accounts, and archiving, which is final and leaves the account readable by id.
 */
class ExternalAccountReadsAndArchivingTest extends ExternalAccountsTestBase {

    // ------------------------------------------------------------------ get, list, archive

    @Test
    void getOfUnknownOrInvisibleAccountIsNotFound() {
        assertSimpleError(api.get("/v0/external-accounts/external_account_nope"), 404,
                "External account external_account_nope not found");
        String lakesideAccount = listAll("entity_id=" + lakeside, 100).get(0).get("id").asText();
        assertSimpleError(api.as("lm_key_sandbox_one").get("/v0/external-accounts/" + lakesideAccount), 404,
                "External account " + lakesideAccount + " not found");
    }

    @Test
    void listPagesThroughEveryActiveAccountOnceNewestFirst() {
        Set<String> archived = new HashSet<>();
        Set<String> active = new LinkedHashSet<>();
        for (int i = 0; i < 23; i++) {
            sandbox.clock().advance(java.time.Duration.ofMinutes(1));
            String id = api.post("/v0/external-accounts", validBody(summit).put("nickname", "Vendor " + i))
                    .json().get("id").asText();
            if (i % 5 == 0) {
                assertThat(api.post("/_sandbox/external-accounts/" + id + "/archive", null, null).status()).isEqualTo(200);
                archived.add(id);
            } else {
                active.add(id);
            }
        }

        List<JsonNode> listed = listAll("entity_id=" + summit, 4);

        List<String> ids = listed.stream().map(a -> a.get("id").asText()).toList();
        assertThat(ids).doesNotHaveDuplicates();
        List<String> newestFirst = new ArrayList<>(active);
        java.util.Collections.reverse(newestFirst);
        assertThat(ids).containsExactlyElementsOf(newestFirst);
        assertThat(ids).doesNotContainAnyElementsOf(archived);
        assertThat(listed).allSatisfy(a -> assertThat(a.get("status").asText()).isEqualTo("active"));
    }

    @Test
    void listDefaultsToTenAndEndsWithANullCursor() {
        for (int i = 0; i < 12; i++) {
            api.post("/v0/external-accounts", validBody(summit).put("nickname", "Vendor " + i));
        }
        JsonNode first = api.get("/v0/external-accounts?entity_id=" + summit).json();
        assertThat(first.get("data")).hasSize(10);
        assertThat(first.get("has_next").asBoolean()).isTrue();
        JsonNode second = api.get("/v0/external-accounts?entity_id=" + summit + "&cursor=" + first.get("cursor").asText()).json();
        assertThat(second.get("data")).hasSize(2);
        assertThat(second.get("has_next").asBoolean()).isFalse();
        assertThat(second.get("cursor").isNull()).isTrue();
    }

    @Test
    void listWithoutEntityShowsEveryVisibleEntitysActiveAccounts() {
        List<JsonNode> all = listAll("", 100);
        assertThat(all).extracting(a -> a.get("entity_id").asText()).contains(riverside, lakeside);
        assertThat(all).allSatisfy(a -> assertThat(a.get("status").asText()).isEqualTo("active"));

        List<JsonNode> one = new ArrayList<>();
        for (JsonNode account : api.as("lm_key_sandbox_one").get("/v0/external-accounts?limit=100").json().get("data")) {
            one.add(account);
        }
        assertThat(one).isNotEmpty();
        assertThat(one).allSatisfy(a -> assertThat(a.get("entity_id").asText()).isEqualTo(riverside));
        assertSimpleError(api.as("lm_key_sandbox_one").get("/v0/external-accounts?entity_id=" + lakeside), 404,
                "Entity " + lakeside + " not found");
    }

    @Test
    void badListParametersAreSimpleErrors() {
        assertSimpleError(api.get("/v0/external-accounts?limit=0"), 400, "limit must be a positive number");
        assertSimpleError(api.get("/v0/external-accounts?limit=101"), 400, "limit must not be greater than 100");
        assertSimpleError(api.get("/v0/external-accounts?limit=ten"), 400, "limit must be an integer number");
        assertSimpleError(api.get("/v0/external-accounts?cursor=bm90LWEtY3Vyc29y"), 400, null);
        assertSimpleError(api.get("/v0/external-accounts?entity_id=entity_nope"), 404, "Entity entity_nope not found");
    }

    @Test
    void archivedAccountIsStillReturnedByIdButLeftOutOfTheList() {
        JsonNode created = api.post("/v0/external-accounts", validBody(summit)).json();
        String id = created.get("id").asText();

        ApiClient.Response archived = api.post("/_sandbox/external-accounts/" + id + "/archive", null, null);

        assertThat(archived.status()).isEqualTo(200);
        ObjectNode expected = ((ObjectNode) created.deepCopy()).put("status", "archived");
        assertThat(archived.json()).isEqualTo(expected);
        assertThat(api.get("/v0/external-accounts/" + id).json()).isEqualTo(expected);
        assertThat(listAll("entity_id=" + summit, 100)).isEmpty();
    }

    @Test
    void archivingTwiceIsAConflict() {
        String id = api.post("/v0/external-accounts", validBody(summit)).json().get("id").asText();
        assertThat(api.post("/_sandbox/external-accounts/" + id + "/archive", null, null).status()).isEqualTo(200);

        ApiClient.Response again = api.post("/_sandbox/external-accounts/" + id + "/archive", null, null);

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json()).isEqualTo(Json.MAPPER.valueToTree(Map.of("statusCode", 409, "error", "Conflict",
                "message", "External account " + id + " is already archived")));
        ApiClient.Response unknown = api.post("/_sandbox/external-accounts/external_account_nope/archive", null, null);
        assertThat(unknown.status()).isEqualTo(404);
    }

    @Test
    void fixtureArchivedAccountIsNotListedButCanBeFetched() {
        JsonNode state = api.get("/_sandbox/state").json();
        String archivedId = null;
        for (JsonNode account : state.get("external_accounts")) {
            if (account.get("status").asText().equals("archived")) {
                archivedId = account.get("id").asText();
            }
        }
        assertThat(archivedId).isNotNull();
        assertThat(api.get("/v0/external-accounts/" + archivedId).json().get("status").asText()).isEqualTo("archived");
        assertThat(listAll("", 100)).extracting(a -> a.get("id").asText()).doesNotContain(archivedId);
    }
}
