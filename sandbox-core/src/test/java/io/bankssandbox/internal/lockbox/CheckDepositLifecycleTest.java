package io.bankssandbox.internal.lockbox;

import io.bankssandbox.MailItem;
import io.bankssandbox.CheckDeposit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.lockbox.LockboxMail;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The check deposit statuses mail alone never produces: {@code pending} (simulated mail whose check
 * is scanned but not deposited, then {@code POST /_sandbox/check-deposits/{id}/submit}) and
 * {@code returned} ({@code POST /_sandbox/check-deposits/{id}/return}), each through real HTTP, with
 * the balances and the one transaction each money move makes.
 */
class CheckDepositLifecycleTest extends SandboxTestBase {
    private static final String NOW = "2026-03-02T15:00:00.000Z";

    /** Mail at the provider's lockbox holding one check of this status; answers the check as the mail shows it. */
    private JsonNode mailOneCheck(String providerId, long amount, String status) {
        ApiClient.Response response = control.post("/_sandbox/providers/" + providerId + "/mail",
                Map.of("checks", List.of(Map.of("amount", amount, "status", status))), null);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json().get("checks").get(0);
    }

    /** A provider whose account has nothing else due on the clock, so an advance moves only our checks. */
    private String quietProvider() {
        return fixtures.entityId(3);
    }

    private String quietAccount() {
        return fixtures.account("Summit Physical Therapy LLC Operating");
    }

    private JsonNode deposit(String id) {
        ApiClient.Response response = api.get("/v0/check-deposits/" + id);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    private JsonNode account(String id) {
        return api.get("/v0/accounts/" + id).json();
    }

    private List<JsonNode> transactions(String accountId) {
        return LiveFixtures.allPages(api, "/v0/transactions?account_id=" + accountId, 100);
    }

    private ApiClient.Response step(String checkDepositId, String action, Object body) {
        return control.post("/_sandbox/check-deposits/" + checkDepositId + "/" + action, body, null);
    }

    private void advance(String by) {
        assertThat(control.post("/_sandbox/clock/advance", Map.of("by", by), null).status()).isEqualTo(200);
    }

    /** The ledger invariant, through the API: the account's transactions sum to its total balance. */
    private void assertLedgerExplains(String accountId) {
        long sum = transactions(accountId).stream().mapToLong(t -> t.get("amount").asLong()).sum();
        assertThat(sum).isEqualTo(account(accountId).get("total_balance").asLong());
    }

    private static void assertNestError(ApiClient.Response response, int status, String messagePart) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        assertThat(response.json().get("statusCode").asInt()).isEqualTo(status);
        assertThat(response.json().get("message").toString()).contains(messagePart);
    }

    @Test
    void pendingCheckMovesNothingUntilSubmittedThenIsCreditedAndHeldLikeAnyDeposit() {
        String accountId = quietAccount();
        JsonNode before = account(accountId);
        int transactionsBefore = transactions(accountId).size();

        JsonNode pending = mailOneCheck(quietProvider(), 12_345, "pending");
        assertThat(pending.get("status").asText()).isEqualTo("pending");
        assertThat(pending.get("transaction_id").isNull()).isTrue();
        assertThat(pending.get("hold").isNull()).isTrue();
        assertThat(pending.at("/micr/routing_number").asText()).hasSize(9);
        String id = pending.get("id").asText();
        JsonNode listed = deposit(id);
        assertThat(listed.get("status").asText()).isEqualTo("pending");
        assertThat(listed.get("account_id").asText()).isEqualTo(accountId);
        assertThat(listed.has("deposit_return")).isFalse();
        assertThat(account(accountId)).isEqualTo(before);
        assertThat(transactions(accountId)).hasSize(transactionsBefore);

        ApiClient.Response submitted = step(id, "submit", null);
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(200);
        JsonNode check = submitted.json();
        assertThat(check.get("status").asText()).isEqualTo("submitted");
        assertThat(check.at("/hold/status").asText()).isEqualTo("held");
        assertThat(check.at("/hold/automatically_releases_at").asText()).isEqualTo("2026-03-03T15:00:00.000Z");
        assertThat(check.get("micr")).isEqualTo(pending.get("micr"));
        assertThat(deposit(id)).isEqualTo(check);
        JsonNode transaction = api.get("/v0/transactions/" + check.get("transaction_id").asText()).json();
        assertThat(transaction.get("amount").asLong()).isEqualTo(12_345);
        assertThat(transaction.get("occurred_at").asText()).isEqualTo(NOW);
        assertThat(transaction.at("/source/category").asText()).isEqualTo("check_deposit");
        assertThat(transaction.at("/source/check_deposit/check_deposit_id").asText()).isEqualTo(id);
        JsonNode after = account(accountId);
        assertThat(after.get("total_balance").asLong()).isEqualTo(before.get("total_balance").asLong() + 12_345);
        assertThat(after.get("available_balance").asLong()).isEqualTo(before.get("available_balance").asLong());
        assertThat(transactions(accountId)).hasSize(transactionsBefore + 1);
        assertLedgerExplains(accountId);

        advance("P1D");
        assertThat(deposit(id).at("/hold/status").asText()).isEqualTo("released");
        assertThat(account(accountId).get("available_balance").asLong())
                .isEqualTo(before.get("available_balance").asLong() + 12_345);

        assertNestError(step(id, "submit", null), 409, "only a pending check deposit can be submitted");
    }

    @Test
    void returningAHeldCheckTakesItBackFromTheTotalOnlyAndEndsTheHold() {
        String accountId = quietAccount();
        JsonNode before = account(accountId);
        String id = mailOneCheck(quietProvider(), 50_000, "submitted").get("id").asText();
        String depositTransaction = deposit(id).get("transaction_id").asText();

        ApiClient.Response returned = step(id, "return", Map.of("reason", "stop_payment"));
        assertThat(returned.status()).as(returned.toString()).isEqualTo(200);
        JsonNode check = returned.json();
        assertThat(check.get("status").asText()).isEqualTo("returned");
        assertThat(check.get("transaction_id").asText()).isEqualTo(depositTransaction);
        assertThat(check.at("/hold/status").asText()).isEqualTo("released");
        assertThat(check.at("/hold/released_at").asText()).isEqualTo(NOW);
        assertThat(check.at("/deposit_return/reason").asText()).isEqualTo("stop_payment");
        assertThat(check.at("/deposit_return/returned_at").asText()).isEqualTo(NOW);
        assertThat(deposit(id)).isEqualTo(check);

        JsonNode back = api.get("/v0/transactions/" + check.at("/deposit_return/transaction_id").asText()).json();
        assertThat(back.get("account_id").asText()).isEqualTo(accountId);
        assertThat(back.get("amount").asLong()).isEqualTo(-50_000);
        assertThat(back.at("/source/category").asText()).isEqualTo("check_deposit_return");
        assertThat(back.at("/source/check_deposit_return/check_deposit_id").asText()).isEqualTo(id);
        assertThat(back.get("counterparty").isNull()).isTrue();
        List<JsonNode> returns = transactions(accountId).stream()
                .filter(t -> t.at("/source/category").asText().equals("check_deposit_return")).toList();
        assertThat(returns).hasSize(1);

        JsonNode after = account(accountId);
        assertThat(after.get("total_balance").asLong()).isEqualTo(before.get("total_balance").asLong());
        assertThat(after.get("available_balance").asLong()).isEqualTo(before.get("available_balance").asLong());
        assertLedgerExplains(accountId);

        // the hold's release time passes: nothing becomes available
        advance("P2D");
        assertThat(account(accountId).get("available_balance").asLong())
                .isEqualTo(before.get("available_balance").asLong());
        assertThat(deposit(id)).isEqualTo(check);
        assertNestError(step(id, "return", null), 409, "only a submitted check deposit can be returned");
    }

    @Test
    void returningACheckAfterItsHoldReleasedTakesItFromBothBalancesWithTheDefaultReason() {
        String accountId = quietAccount();
        String id = mailOneCheck(quietProvider(), 7_500, "submitted").get("id").asText();
        advance("P1D");
        JsonNode before = account(accountId);

        ApiClient.Response returned = step(id, "return", null);
        assertThat(returned.status()).as(returned.toString()).isEqualTo(200);
        assertThat(returned.json().at("/deposit_return/reason").asText()).isEqualTo("insufficient_funds");
        assertThat(returned.json().at("/hold/released_at").asText()).isEqualTo("2026-03-03T15:00:00.000Z");
        JsonNode after = account(accountId);
        assertThat(after.get("total_balance").asLong()).isEqualTo(before.get("total_balance").asLong() - 7_500);
        assertThat(after.get("available_balance").asLong()).isEqualTo(before.get("available_balance").asLong() - 7_500);
        assertLedgerExplains(accountId);
        // the mail shows the new status too
        JsonNode mail = api.get("/v0/entities/" + quietProvider() + "/mail?limit=1").json().get("data").get(0);
        assertThat(mail.at("/checks/0/status").asText()).isEqualTo("returned");
    }

    @Test
    void stepsInTheWrongStateConflictAndUnknownIdsOrBadReasonsAreRefused() {
        String rejected = mailOneCheck(fixtures.riverside(), 900, "rejected").get("id").asText();
        String pending = mailOneCheck(fixtures.riverside(), 901, "pending").get("id").asText();
        String submitted = mailOneCheck(fixtures.riverside(), 902, "submitted").get("id").asText();
        JsonNode before = sandbox.exportState();

        assertNestError(step(rejected, "submit", null), 409, "is rejected");
        assertNestError(step(rejected, "return", null), 409, "is rejected");
        assertNestError(step(pending, "return", null), 409, "is pending");
        assertNestError(step(submitted, "submit", null), 409, "is submitted");
        assertNestError(step("check_deposit_unknown", "submit", null), 404, "Check deposit check_deposit_unknown not found");
        assertNestError(step("check_deposit_unknown", "return", null), 404, "Check deposit check_deposit_unknown not found");
        assertNestError(step(submitted, "return", Map.of("reason", "Not A Code")), 400, "reason must be a return reason code");
        assertNestError(step(submitted, "return", Map.of("why", "x")), 400, "property why should not exist");
        assertThat(sandbox.exportState()).isEqualTo(before);

        // a simulated check of an unknown status is refused before anything is received
        ApiClient.Response unknown = control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail",
                Map.of("checks", List.of(Map.of("amount", 5, "status", "returned"))), null);
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(sandbox.exportState()).isEqualTo(before);
    }

    @Test
    void aReturnedCheckOfAnotherEntityAndItsTransactionAreNotFoundForAKeyThatCannotSeeIt() {
        String id = mailOneCheck(fixtures.lakeside(), 3_000, "submitted").get("id").asText();
        JsonNode check = step(id, "return", null).json();
        String back = check.at("/deposit_return/transaction_id").asText();
        ApiClient.Response hidden = api.as(ONE).get("/v0/check-deposits/" + id);
        assertNestError(hidden, 404, "Check deposit " + id + " not found");
        assertThat(api.as(ONE).get("/v0/transactions/" + back).status()).isEqualTo(404);
        assertThat(LiveFixtures.allPages(api.as(ONE), "/v0/check-deposits", 100))
                .extracting(d -> d.get("id").asText()).doesNotContain(id);
        assertThat(api.get("/v0/transactions/" + back).status()).isEqualTo(200);
        assertThat(check.get("account_id").asText()).isEqualTo(fixtures.lakesideOperating());
    }

    @Test
    void pendingAndReturnedChecksSurviveStateExportAndImport() {
        String pending = mailOneCheck(fixtures.riverside(), 1_111, "pending").get("id").asText();
        String returned = mailOneCheck(fixtures.riverside(), 2_222, "submitted").get("id").asText();
        step(returned, "return", null);
        JsonNode pendingBefore = deposit(pending);
        JsonNode returnedBefore = deposit(returned);
        JsonNode exported = api.get("/_sandbox/state").json();

        sandbox.reset();
        assertThat(api.get("/v0/check-deposits/" + pending).status()).isEqualTo(404);
        ApiClient.Response imported = control.put("/_sandbox/state", exported);
        assertThat(imported.status()).as(imported.toString()).isEqualTo(200);
        assertThat(deposit(pending)).isEqualTo(pendingBefore);
        assertThat(deposit(returned)).isEqualTo(returnedBefore);
        // and a pending check imported can still be submitted
        assertThat(step(pending, "submit", null).json().get("status").asText()).isEqualTo("submitted");
    }

    @Test
    void theSandboxHandleSubmitsAndReturnsChecksThroughTheSameRoutes() {
        MailItem mail = sandbox.lockbox().receiveMail(fixtures.riverside(),
                MailItem.Incoming.of(MailItem.IncomingCheck.pending(4_000)));
        String id = mail.checks().get(0).id();
        assertThat(mail.checks().get(0).status()).isEqualTo("pending");
        CheckDeposit submitted = sandbox.checkDeposits().submit(id);
        assertThat(submitted.status()).isEqualTo("submitted");
        assertThat(submitted.depositReturn()).isNull();
        CheckDeposit returned = sandbox.checkDeposits().returnDeposit(id, "stop_payment");
        assertThat(returned.status()).isEqualTo("returned");
        assertThat(returned.depositReturn().reason()).isEqualTo("stop_payment");
        assertThat(deposit(id).at("/deposit_return/transaction_id").asText())
                .isEqualTo(returned.depositReturn().transactionId());
    }
}
