package io.bankssandbox.internal.ach;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class InboundAchTransferListTest extends SandboxTestBase {
    private static final List<String> API_FIELDS = List.of("id", "account_id", "amount", "status",
            "standard_entry_class_code", "effective_date", "automatically_resolves_at", "originator_company_name",
            "originator_company_entry_description", "trace_number", "transaction_id", "settled_at", "accepted_at",
            "declined", "returned");
    private AchWorld world;

    @BeforeAll
    void prepare() {
        world = new AchWorld(sandbox);
    }

    /** id -> (created_at, account_id) as stored, from the state export. */
    private Map<String, JsonNode> stored() {
        Map<String, JsonNode> byId = new HashMap<>();
        sandbox.exportState().get("inbound_ach_transfers").forEach(t -> byId.put(t.get("id").asText(), t));
        return byId;
    }

    private static final Comparator<JsonNode> NEWEST_FIRST = Comparator
            .comparing((JsonNode t) -> Instant.parse(t.get("created_at").asText()))
            .thenComparing(t -> t.get("id").asText()).reversed();

    @Test
    void walkingEveryPageOfSevenServesEachTransferOnceNewestFirst() {
        Map<String, JsonNode> stored = stored();
        List<JsonNode> walked = AchWorld.walk(world.api, "", 7);

        List<String> ids = walked.stream().map(t -> t.get("id").asText()).toList();
        assertThat(ids).doesNotHaveDuplicates();
        assertThat(new HashSet<>(ids)).isEqualTo(stored.keySet());
        assertThat(stored.size()).isGreaterThan(70);
        List<String> expected = stored.values().stream().sorted(NEWEST_FIRST).map(t -> t.get("id").asText()).toList();
        assertThat(ids).containsExactlyElementsOf(expected);
    }

    @Test
    void limitDefaultsToTen() {
        JsonNode page = world.api.get("/v0/inbound-ach-transfers").json();
        assertThat(page.get("data")).hasSize(10);
        assertThat(page.get("has_next").asBoolean()).isTrue();
        assertThat(page.get("cursor").asText()).isNotEmpty();
    }

    @Test
    void limitOfOneAndOfOneHundredAreServed() {
        JsonNode one = world.api.get("/v0/inbound-ach-transfers?limit=1").json();
        assertThat(one.get("data")).hasSize(1);
        assertThat(one.get("has_next").asBoolean()).isTrue();

        JsonNode hundred = world.api.get("/v0/inbound-ach-transfers?limit=100").json();
        int total = stored().size();
        assertThat(hundred.get("data")).hasSize(Math.min(100, total));
        assertThat(hundred.get("has_next").asBoolean()).isEqualTo(total > 100);
        assertThat(hundred.get("cursor").isNull()).isEqualTo(total <= 100);
    }

    @Test
    void limitOutsideOneToOneHundredOrNotAnIntegerIs400() {
        assertBadRequest(world.api.get("/v0/inbound-ach-transfers?limit=0"), "limit must be a positive number");
        assertBadRequest(world.api.get("/v0/inbound-ach-transfers?limit=101"), "limit must not be greater than 100");
        assertBadRequest(world.api.get("/v0/inbound-ach-transfers?limit=abc"), "limit must be an integer number");
        assertBadRequest(world.api.get("/v0/inbound-ach-transfers?limit=-5"), "limit must be a positive number");
        assertBadRequest(world.api.get("/v0/inbound-ach-transfers?limit=2.5"), "limit must be an integer number");
    }

    @Test
    void cursorNotIssuedByTheSandboxIs400() {
        assertBadRequest(world.api.get("/v0/inbound-ach-transfers?cursor=not-a-cursor"),
                "cursor is not a cursor this API issued");
        String issued = world.api.get("/v0/inbound-ach-transfers?limit=3").json().get("cursor").asText();
        String tampered = (issued.charAt(0) == 'A' ? "B" : "A") + issued.substring(1);
        assertBadRequest(world.api.get("/v0/inbound-ach-transfers?cursor=" + tampered),
                "cursor is not a cursor this API issued");
    }

    @Test
    void cursorStaysValidWhileTransfersArrive() {
        JsonNode first = world.api.get("/v0/inbound-ach-transfers?limit=5").json();
        world.simulate(Map.of("account_id", world.accountId(AchWorld.RIVERSIDE_OPERATING), "amount", 1234));
        JsonNode second = world.api.get("/v0/inbound-ach-transfers?limit=5&cursor=" + first.get("cursor").asText()).json();

        List<String> expected = stored().values().stream().filter(t -> t.get("amount").asLong() != 1234)
                .sorted(NEWEST_FIRST).map(t -> t.get("id").asText()).toList().subList(5, 10);
        List<String> served = new ArrayList<>();
        second.get("data").forEach(t -> served.add(t.get("id").asText()));
        assertThat(served).containsExactlyElementsOf(expected);
        // and the new one is first on a fresh walk: newest first
        assertThat(world.api.get("/v0/inbound-ach-transfers?limit=1").json().get("data").get(0).get("amount").asLong())
                .isEqualTo(1234);
    }

    @Test
    void accountFilterNotStartingWithAccountIs400() {
        ApiClient.Response response = world.api.get("/v0/inbound-ach-transfers?account_id=acct_123");
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").get(0).asText()).startsWith("account_id must match");
    }

    @Test
    void accountFilterUnknownOrInvisibleIs404() {
        ApiClient.Response unknown = world.api.get("/v0/inbound-ach-transfers?account_id=account_nope");
        assertNotFound(unknown, "Account account_nope not found");

        String lakeside = world.accountId(AchWorld.LAKESIDE_OPERATING);
        assertNotFound(world.one.get("/v0/inbound-ach-transfers?account_id=" + lakeside),
                "Account " + lakeside + " not found");
    }

    @Test
    void accountFilterListsOnlyThatAccountsTransfersNewestFirst() {
        String payroll = world.accountId(AchWorld.RIVERSIDE_PAYROLL);
        List<String> expected = stored().values().stream()
                .filter(t -> t.get("account_id").asText().equals(payroll))
                .sorted(NEWEST_FIRST).map(t -> t.get("id").asText()).toList();
        assertThat(expected).isNotEmpty();
        for (var client : List.of(world.api, world.one)) {
            List<JsonNode> walked = AchWorld.walk(client, "account_id=" + payroll, 2);
            assertThat(walked).allSatisfy(t -> assertThat(t.get("account_id").asText()).isEqualTo(payroll));
            assertThat(walked.stream().map(t -> t.get("id").asText()).toList()).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void keySeeingOneEntityListsOnlyItsAccountsTransfers() {
        Set<String> riversideAccounts = Set.of(world.accountId(AchWorld.RIVERSIDE_OPERATING),
                world.accountId(AchWorld.RIVERSIDE_PAYROLL));
        List<String> expected = stored().values().stream()
                .filter(t -> riversideAccounts.contains(t.get("account_id").asText()))
                .sorted(NEWEST_FIRST).map(t -> t.get("id").asText()).toList();
        List<JsonNode> walked = AchWorld.walk(world.one, "", 7);
        assertThat(walked.stream().map(t -> t.get("id").asText()).toList()).containsExactlyElementsOf(expected);
        assertThat(walked.size()).isLessThan(stored().size());
    }

    @Test
    void itemsCarryExactlyTheContractFieldsWithAddendaOnlyWhenSent() {
        List<JsonNode> all = AchWorld.walk(world.api, "", 100);
        JsonNode withAddenda = all.stream().filter(t -> t.has("addenda")).findFirst().orElseThrow();
        JsonNode withoutAddenda = all.stream().filter(t -> !t.has("addenda")).findFirst().orElseThrow();
        List<String> withFields = new ArrayList<>(API_FIELDS);
        withFields.add("addenda");
        assertThat(AchWorld.fieldNames(withAddenda)).containsExactlyInAnyOrderElementsOf(withFields);
        assertThat(AchWorld.fieldNames(withoutAddenda)).containsExactlyInAnyOrderElementsOf(API_FIELDS);
        assertThat(withAddenda.get("addenda").get(0).asText()).startsWith("TRN*1*");

        Set<String> statuses = new HashSet<>();
        all.forEach(t -> statuses.add(t.get("status").asText()));
        assertThat(statuses).containsExactlyInAnyOrder("pending", "accepted", "declined", "returned");

        JsonNode declined = all.stream().filter(t -> t.get("status").asText().equals("declined")).findFirst().orElseThrow();
        assertThat(AchWorld.fieldNames(declined.get("declined"))).containsExactlyInAnyOrder("reason", "declined_at");
        assertThat(declined.get("transaction_id").isNull()).isTrue();
        JsonNode returned = all.stream().filter(t -> t.get("status").asText().equals("returned")).findFirst().orElseThrow();
        assertThat(AchWorld.fieldNames(returned.get("returned")))
                .containsExactlyInAnyOrder("reason", "returned_at", "transaction_id");
        assertThat(returned.get("returned").get("transaction_id").asText())
                .isNotEqualTo(returned.get("transaction_id").asText());
        JsonNode pending = all.stream().filter(t -> t.get("status").asText().equals("pending")).findFirst().orElseThrow();
        assertThat(pending.get("accepted_at").isNull()).isTrue();
        assertThat(pending.get("settled_at").isNull()).isTrue();
        assertThat(pending.get("declined").isNull()).isTrue();
        assertThat(pending.get("returned").isNull()).isTrue();
    }

    @Test
    void oneTransferIsServedByIdAsListed() {
        JsonNode listed = world.api.get("/v0/inbound-ach-transfers?limit=1").json().get("data").get(0);
        assertThat(world.transfer(listed.get("id").asText())).isEqualTo(listed);
    }

    @Test
    void unknownOrInvisibleTransferIs404() {
        assertNotFound(world.api.get("/v0/inbound-ach-transfers/inbound_ach_transfer_nope"),
                "Inbound ACH transfer inbound_ach_transfer_nope not found");
        String lakeside = world.accountId(AchWorld.LAKESIDE_OPERATING);
        JsonNode lakesideTransfer = world.api.get("/v0/inbound-ach-transfers?limit=1&account_id=" + lakeside)
                .json().get("data").get(0);
        String id = lakesideTransfer.get("id").asText();
        assertNotFound(world.one.get("/v0/inbound-ach-transfers/" + id), "Inbound ACH transfer " + id + " not found");
    }

    @Test
    void listingWithoutAnApiKeyIs401() {
        ApiClient.Response response = world.api.as(null).get("/v0/inbound-ach-transfers");
        assertThat(response.status()).isEqualTo(401);
    }

    static void assertBadRequest(ApiClient.Response response, String message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        JsonNode body = response.json();
        assertThat(body.get("statusCode").asInt()).isEqualTo(400);
        assertThat(body.get("error").asText()).isEqualTo("Bad Request");
        JsonNode messages = body.get("message");
        List<String> texts = new ArrayList<>();
        if (messages.isArray()) {
            messages.forEach(m -> texts.add(m.asText()));
        } else {
            texts.add(messages.asText());
        }
        assertThat(texts).contains(message);
    }

    static void assertNotFound(ApiClient.Response response, String message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(404);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(404);
        assertThat(response.json().get("error").asText()).isEqualTo("Not Found");
        assertThat(response.json().get("message").asText()).isEqualTo(message);
    }
}
