package io.bankssandbox.internal.lockbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code GET /v0/check-deposits} and {@code GET /v0/check-deposits/{id}}, and the ledger entry of each deposit. */
class CheckDepositsTest extends SandboxTestBase {
    private static final List<String> FIELDS = List.of("id", "amount", "transaction_id", "status", "hold", "micr",
            "account_id", "inbound_mail_item_id");

    private LiveFixtures fixtures;

    @BeforeEach
    void readFixtures() {
        fixtures = LiveFixtures.read(api);
    }

    private static List<String> ids(List<JsonNode> items) {
        return items.stream().map(i -> i.get("id").asText()).toList();
    }

    /** Every check in the mail of the given entities, by id, as the mail lists it, plus its mail item's id. */
    private Map<String, JsonNode> checksInMail(String... entities) {
        Map<String, JsonNode> checks = new LinkedHashMap<>();
        for (String entity : entities) {
            for (JsonNode item : LiveFixtures.allPages(api, "/v0/entities/" + entity + "/mail", 100)) {
                for (JsonNode check : item.get("checks")) {
                    ObjectNode withMail = check.deepCopy();
                    withMail.put("inbound_mail_item_id", item.get("id").asText());
                    checks.put(check.get("id").asText(), withMail);
                }
            }
        }
        return checks;
    }

    /** The fixture providers that have mail (Riverside, Lakeside, and Ana Ortiz with her payer's check). */
    private String[] providersWithMail() {
        return state().get("mail").findValuesAsText("provider_id").stream().distinct().toArray(String[]::new);
    }

    @Test
    void everyCheckInTheMailIsListedOnceWithItsAccountAndMailItem() {
        Map<String, JsonNode> inMail = checksInMail(providersWithMail());
        List<JsonNode> listed = LiveFixtures.allPages(api, "/v0/check-deposits", 2);
        assertThat(ids(listed)).containsExactlyInAnyOrderElementsOf(inMail.keySet());
        for (JsonNode deposit : listed) {
            assertThat(deposit.fieldNames()).toIterable().containsExactlyInAnyOrderElementsOf(FIELDS);
            ObjectNode withoutAccount = deposit.deepCopy();
            String account = withoutAccount.remove("account_id").asText();
            assertThat(withoutAccount).isEqualTo(inMail.get(deposit.get("id").asText()));
            assertThat(account).isIn(fixtures.riversideOperating(), fixtures.lakesideOperating(),
                    fixtures.account("Ana Ortiz Operating"));
        }
        assertThat(listed).extracting(d -> d.get("status").asText()).contains("submitted", "rejected");
    }

    @Test
    void listIsNewestMailFirstAndEveryPageSizeWalksTheSameSequence() {
        List<JsonNode> all = LiveFixtures.allPages(api, "/v0/check-deposits", 100);
        assertThat(all.size()).isGreaterThan(4);
        for (int limit : List.of(1, 2, 3)) {
            assertThat(ids(LiveFixtures.allPages(api, "/v0/check-deposits", limit))).as("limit %d", limit)
                    .containsExactlyElementsOf(ids(all));
        }
        assertThat(new HashSet<>(ids(all))).hasSize(all.size());
        Map<String, String> receivedAt = new LinkedHashMap<>();
        for (String entity : providersWithMail()) {
            for (JsonNode item : LiveFixtures.allPages(api, "/v0/entities/" + entity + "/mail", 100)) {
                receivedAt.put(item.get("id").asText(), item.get("received_at").asText());
            }
        }
        for (int i = 1; i < all.size(); i++) {
            assertThat(receivedAt.get(all.get(i - 1).get("inbound_mail_item_id").asText()))
                    .isGreaterThanOrEqualTo(receivedAt.get(all.get(i).get("inbound_mail_item_id").asText()));
        }
    }

    @Test
    void defaultPageIsTenAndLimitAndCursorAreChecked() {
        control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail",
                Map.of("checks", List.of(Map.of("amount", 100), Map.of("amount", 200), Map.of("amount", 300),
                        Map.of("amount", 400), Map.of("amount", 500, "status", "rejected"))));
        JsonNode page = api.get("/v0/check-deposits").json();
        assertThat(page.get("data")).hasSize(10);
        assertThat(page.get("has_next").asBoolean()).isTrue();
        for (String bad : List.of("limit=0", "limit=101", "limit=x", "cursor=forged", "account_id=acct_1")) {
            assertThat(api.get("/v0/check-deposits?" + bad).status()).as(bad).isEqualTo(400);
        }
        // a cursor of another list is not one of this list
        String transactionsCursor = api.get("/v0/transactions?account_id=" + fixtures.riversideOperating() + "&limit=1")
                .json().get("cursor").asText();
        assertThat(api.get("/v0/check-deposits?cursor=" + transactionsCursor).status()).isEqualTo(400);
    }

    @Test
    void accountFilterKeepsThatAccountsDeposits() {
        List<JsonNode> riverside = LiveFixtures.allPages(api, "/v0/check-deposits?account_id=" + fixtures.riversideOperating(), 2);
        assertThat(riverside).isNotEmpty()
                .allSatisfy(d -> assertThat(d.get("account_id").asText()).isEqualTo(fixtures.riversideOperating()));
        assertThat(ids(riverside)).containsExactlyInAnyOrderElementsOf(checksInMail(fixtures.riverside()).keySet());
        List<JsonNode> lakeside = LiveFixtures.allPages(api, "/v0/check-deposits?account_id=" + fixtures.lakesideOperating(), 2);
        assertThat(ids(lakeside)).containsExactlyInAnyOrderElementsOf(checksInMail(fixtures.lakeside()).keySet());
        assertThat(LiveFixtures.allPages(api, "/v0/check-deposits?account_id=" + fixtures.riversidePayroll(), 2)).isEmpty();
        ApiClient.Response unknown = api.get("/v0/check-deposits?account_id=account_nope");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").asText()).isEqualTo("Account account_nope not found");
    }

    @Test
    void aKeySeesOnlyItsEntitysDeposits() {
        ApiClient one = api.as(ONE);
        List<JsonNode> visible = LiveFixtures.allPages(one, "/v0/check-deposits", 2);
        assertThat(ids(visible)).containsExactlyInAnyOrderElementsOf(checksInMail(fixtures.riverside()).keySet());
        assertThat(one.get("/v0/check-deposits?account_id=" + fixtures.lakesideOperating()).status()).isEqualTo(404);
        for (String lakesideCheck : checksInMail(fixtures.lakeside()).keySet()) {
            ApiClient.Response hidden = one.get("/v0/check-deposits/" + lakesideCheck);
            assertThat(hidden.status()).isEqualTo(404);
            assertThat(hidden.json().get("message").asText()).isEqualTo("Check deposit " + lakesideCheck + " not found");
            assertThat(api.get("/v0/check-deposits/" + lakesideCheck).status()).isEqualTo(200);
        }
        assertThat(api.as(null).get("/v0/check-deposits").status()).isEqualTo(401);
        assertThat(api.as(null).get("/v0/check-deposits/" + visible.get(0).get("id").asText()).status()).isEqualTo(401);
    }

    @Test
    void oneDepositReadsAsTheListShowsIt() {
        for (JsonNode listed : LiveFixtures.allPages(api, "/v0/check-deposits", 100)) {
            ApiClient.Response one = api.get("/v0/check-deposits/" + listed.get("id").asText());
            assertThat(one.status()).isEqualTo(200);
            assertThat(one.json()).isEqualTo(listed);
        }
        ApiClient.Response unknown = api.get("/v0/check-deposits/check_deposit_nope");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").asText()).isEqualTo("Check deposit check_deposit_nope not found");
    }

    @Test
    void aSubmittedCheckIsExactlyOneTransactionAndARejectedOneIsNone() {
        List<JsonNode> deposits = LiveFixtures.allPages(api, "/v0/check-deposits", 100);
        Map<String, List<JsonNode>> ledgers = new LinkedHashMap<>();
        for (JsonNode deposit : deposits) {
            List<JsonNode> ledger = ledgers.computeIfAbsent(deposit.get("account_id").asText(),
                    account -> LiveFixtures.allPages(api, "/v0/transactions?account_id=" + account, 100));
            List<JsonNode> naming = ledger.stream().filter(t -> t.at("/source/check_deposit/check_deposit_id").asText("")
                    .equals(deposit.get("id").asText())).toList();
            if (deposit.get("status").asText().equals("submitted")) {
                assertThat(naming).as("transactions of %s", deposit.get("id")).hasSize(1);
                JsonNode transaction = naming.get(0);
                assertThat(transaction.get("id").asText()).isEqualTo(deposit.get("transaction_id").asText());
                assertThat(transaction.get("amount").asLong()).isEqualTo(deposit.get("amount").asLong());
                assertThat(transaction.at("/source/category").asText()).isEqualTo("check_deposit");
                assertThat(api.get("/v0/transactions/" + transaction.get("id").asText()).json()).isEqualTo(transaction);
            } else {
                assertThat(naming).as("transactions of rejected %s", deposit.get("id")).isEmpty();
                assertThat(deposit.get("transaction_id").isNull()).isTrue();
            }
        }
    }

    @Test
    void simulatedMailPostsOneTransactionPerSubmittedCheck() {
        String account = fixtures.riversideOperating();
        int before = LiveFixtures.allPages(api, "/v0/transactions?account_id=" + account, 100).size();
        long totalBefore = api.get("/v0/accounts/" + account).json().get("total_balance").asLong();
        JsonNode mail = control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail",
                Map.of("checks", List.of(Map.of("amount", 12_345), Map.of("amount", 999, "status", "rejected")))).json();
        List<JsonNode> after = LiveFixtures.allPages(api, "/v0/transactions?account_id=" + account, 100);
        assertThat(after).hasSize(before + 1);
        assertThat(api.get("/v0/accounts/" + account).json().get("total_balance").asLong()).isEqualTo(totalBefore + 12_345);
        List<JsonNode> newest = new ArrayList<>();
        api.get("/v0/check-deposits?limit=2").json().get("data").forEach(newest::add);
        assertThat(newest).allSatisfy(d -> assertThat(d.get("inbound_mail_item_id").asText()).isEqualTo(mail.get("id").asText()));
        JsonNode submitted = newest.stream().filter(d -> d.get("status").asText().equals("submitted")).findFirst().orElseThrow();
        assertThat(after.get(0).get("id").asText()).isEqualTo(submitted.get("transaction_id").asText());
        assertThat(after.get(0).at("/source/check_deposit/check_deposit_id").asText()).isEqualTo(submitted.get("id").asText());
        assertThat(submitted.at("/hold/status").asText()).isEqualTo("held");
    }
}
