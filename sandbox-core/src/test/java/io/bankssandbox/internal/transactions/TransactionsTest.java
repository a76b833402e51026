package io.bankssandbox.internal.transactions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TransactionsTest {
    static Sandbox sandbox;
    static ApiClient api;
    static LiveFixtures fixtures;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.start();
        api = new ApiClient(sandbox.baseUrl(), sandbox.apiKey());
        fixtures = LiveFixtures.read(api);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void everyFixtureAccountsTransactionsSumToItsTotalBalanceWithOneOpeningBalance() {
        for (JsonNode account : fixtures.accounts()) {
            String id = account.get("id").asText();
            List<JsonNode> transactions = LiveFixtures.allPages(api, "/v0/transactions?account_id=" + id, 7);
            long sum = transactions.stream().mapToLong(t -> t.get("amount").asLong()).sum();
            assertThat(sum).as("sum of %s's transactions", account.get("name").asText())
                    .isEqualTo(account.get("total_balance").asLong());
            assertThat(transactions).filteredOn(t -> t.at("/source/category").asText().equals("opening_balance"))
                    .hasSize(1);
            assertThat(transactions).allSatisfy(t -> assertThat(t.get("account_id").asText()).isEqualTo(id));
        }
    }

    @Test
    void listIsNewestFirstAndPagesNeitherRepeatNorSkip() {
        String account = fixtures.riversideOperating();
        List<JsonNode> all = LiveFixtures.allPages(api, "/v0/transactions?account_id=" + account, 100);
        assertThat(all.size()).isGreaterThan(20);
        List<JsonNode> paged = LiveFixtures.allPages(api, "/v0/transactions?account_id=" + account, 3);
        assertThat(ids(paged)).containsExactlyElementsOf(ids(all));
        assertThat(new HashSet<>(ids(all))).hasSize(all.size());
        for (int i = 1; i < all.size(); i++) {
            String previous = all.get(i - 1).get("occurred_at").asText();
            String current = all.get(i).get("occurred_at").asText();
            assertThat(previous.compareTo(current)).as("newest first at %d", i).isGreaterThanOrEqualTo(0);
        }
        assertThat(all.get(all.size() - 1).at("/source/category").asText()).isEqualTo("opening_balance");
    }

    @Test
    void defaultPageSizeIsTenAndLimitIsBounded() {
        JsonNode page = api.get("/v0/transactions?account_id=" + fixtures.riversideOperating()).json();
        assertThat(page.get("data")).hasSize(10);
        assertThat(page.get("has_next").asBoolean()).isTrue();
        assertThat(page.get("cursor").isTextual()).isTrue();
        assertThat(api.get("/v0/transactions?account_id=" + fixtures.riversideOperating() + "&limit=100").json()
                .get("data").size()).isLessThanOrEqualTo(100);
        for (String bad : List.of("0", "101", "ten")) {
            ApiClient.Response response = api.get("/v0/transactions?account_id=" + fixtures.riversideOperating() + "&limit=" + bad);
            assertThat(response.status()).as("limit=%s", bad).isEqualTo(400);
        }
        ApiClient.Response badCursor = api.get("/v0/transactions?account_id=" + fixtures.riversideOperating() + "&cursor=forged");
        assertThat(badCursor.status()).isEqualTo(400);
    }

    @Test
    void accountIdIsRequiredMustBeAnAccountIdAndVisible() {
        ApiClient.Response missing = api.get("/v0/transactions");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().get("message").get(0).asText()).isEqualTo("account_id should not be empty");
        ApiClient.Response badPrefix = api.get("/v0/transactions?account_id=entity_123");
        assertThat(badPrefix.status()).isEqualTo(400);
        assertThat(badPrefix.json().get("message").get(0).asText()).isEqualTo("account_id must start with account_");
        ApiClient.Response unknown = api.get("/v0/transactions?account_id=account_nope");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").asText()).isEqualTo("Account account_nope not found");
        ApiClient one = api.as(LiveFixtures.ONE);
        assertThat(one.get("/v0/transactions?account_id=" + fixtures.lakesideOperating()).status()).isEqualTo(404);
        assertThat(one.get("/v0/transactions?account_id=" + fixtures.riversideOperating()).status()).isEqualTo(200);
        assertThat(api.as(null).get("/v0/transactions?account_id=" + fixtures.riversideOperating()).status()).isEqualTo(401);
    }

    @Test
    void getTransactionMatchesTheListItemAndIsScopedToTheKey() {
        JsonNode listed = api.get("/v0/transactions?account_id=" + fixtures.lakesideOperating()).json().get("data").get(0);
        String id = listed.get("id").asText();
        ApiClient.Response one = api.get("/v0/transactions/" + id);
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.json()).isEqualTo(listed);
        ApiClient.Response hidden = api.as(LiveFixtures.ONE).get("/v0/transactions/" + id);
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("message").asText()).isEqualTo("Transaction " + id + " not found");
        assertThat(api.get("/v0/transactions/transaction_nope").status()).isEqualTo(404);
    }

    @Test
    void fixtureSourcesNameWhatMovedTheMoney() {
        List<JsonNode> all = LiveFixtures.allPages(api, "/v0/transactions?account_id=" + fixtures.riversideOperating(), 100);
        Set<String> categories = new HashSet<>();
        for (JsonNode t : all) {
            String category = t.at("/source/category").asText();
            categories.add(category);
            JsonNode inner = t.get("source").get(category);
            assertThat(inner).as("source.%s of %s", category, t).isNotNull();
            assertThat(t.get("counterparty").isNull()).isTrue();
            switch (category) {
                case "inbound_ach_transfer", "inbound_ach_transfer_return" -> {
                    String transferId = inner.get("inbound_ach_transfer_id").asText();
                    assertThat(transferId).startsWith("inbound_ach_transfer_");
                }
                case "check_deposit" -> assertThat(inner.get("check_deposit_id").asText()).startsWith("check_deposit_");
                case "opening_balance" -> assertThat(inner.size()).isZero();
                default -> throw new AssertionError("unexpected category in fixtures: " + t);
            }
        }
        assertThat(categories).contains("opening_balance", "inbound_ach_transfer", "inbound_ach_transfer_return",
                "check_deposit");
    }

    @Test
    void inboundAchFixtureTransactionsAreTheTransfersOwn() {
        JsonNode state = sandbox.exportState();
        for (JsonNode transfer : state.get("inbound_ach_transfers")) {
            if (!transfer.get("transaction_id").isNull()) {
                JsonNode t = api.get("/v0/transactions/" + transfer.get("transaction_id").asText()).json();
                assertThat(t.get("amount").asLong()).isEqualTo(transfer.get("amount").asLong());
                assertThat(t.at("/source/inbound_ach_transfer/inbound_ach_transfer_id").asText())
                        .isEqualTo(transfer.get("id").asText());
                assertThat(t.get("occurred_at")).isEqualTo(transfer.get("settled_at"));
            }
            if (!transfer.get("returned").isNull()) {
                JsonNode t = api.get("/v0/transactions/" + transfer.at("/returned/transaction_id").asText()).json();
                assertThat(t.get("amount").asLong()).isEqualTo(-transfer.get("amount").asLong());
                assertThat(t.at("/source/category").asText()).isEqualTo("inbound_ach_transfer_return");
            }
        }
    }

    private static List<String> ids(List<JsonNode> items) {
        List<String> ids = new ArrayList<>();
        items.forEach(i -> ids.add(i.get("id").asText()));
        return ids;
    }

    @Test
    void aCursorWhoseChecksumNoLongerMatchesIsRefusedEvenThoughItStillParses() {
        String base = "/v0/transactions?account_id=" + fixtures.riversideOperating() + "&limit=2";
        JsonNode first = api.get(base).json();
        String cursor = first.get("cursor").asText();
        assertThat(api.get(base + "&cursor=" + cursor).status()).isEqualTo(200);
        // the cursor is "<millis>.<id>.<checksum>": point it at another row and keep the old checksum
        String text = new String(java.util.Base64.getUrlDecoder().decode(cursor), java.nio.charset.StandardCharsets.UTF_8);
        String[] parts = text.split("\\.");
        assertThat(parts).hasSize(3);
        String otherRow = first.at("/data/0/id").asText();
        for (String tampered : List.of(parts[0] + "." + otherRow + "." + parts[2],
                (Long.parseLong(parts[0]) + 1) + "." + parts[1] + "." + parts[2],
                parts[0] + "." + parts[1] + ".0")) {
            String forged = java.util.Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(tampered.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            ApiClient.Response response = api.get(base + "&cursor=" + forged);
            assertThat(response.status()).as(tampered).isEqualTo(400);
            assertThat(response.json().get("message").asText()).isEqualTo("cursor is not a cursor this API issued");
        }
    }
}
