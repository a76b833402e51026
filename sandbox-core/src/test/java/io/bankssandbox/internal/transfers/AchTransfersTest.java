package io.bankssandbox.internal.transfers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AchTransfersTest extends SandboxTestBase {
    static Map<String, String> external = new LinkedHashMap<>();

    @BeforeAll
    void prepare() {
        for (JsonNode x : sandbox.exportState().get("external_accounts")) {
            external.put(x.get("nickname").asText(), x.get("id").asText());
        }
    }

    static Map<String, Object> body(String source, String destination, Object amount, String description) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("source_account_id", source);
        body.put("destination_account_id", destination);
        body.put("amount", amount);
        if (description != null) {
            body.put("description", description);
        }
        return body;
    }

    String medline() {
        return external.get("Medline supplies");
    }

    JsonNode account(String id) {
        return api.get("/v0/accounts/" + id).json();
    }

    /** Sends 25,000 cents from Riverside Operating to Medline; answers the transfer. */
    JsonNode send(long amount, String description) {
        ApiClient.Response response = api.post("/v0/ach-transfer", body(fixtures.riversideOperating(), medline(), amount, description));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return api.get("/v0/ach-transfer/" + response.json().at("/source/ach_transfer_intention/ach_transfer_id").asText()).json();
    }

    JsonNode control(String id, String step) {
        ApiClient.Response response = api.post("/_sandbox/ach-transfers/" + id + "/" + step, Map.of());
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    List<String> advance(String by) {
        ApiClient.Response response = api.post("/_sandbox/clock/advance", Map.of("by", by));
        assertThat(response.status()).isEqualTo(200);
        List<String> events = new ArrayList<>();
        response.json().get("events").forEach(e -> events.add(e.get("type").asText() + " " + e.get("id").asText()));
        return events;
    }

    @Test
    void postAnswersTheDebitTransactionNamingTheNewTransfer() {
        String source = fixtures.riversideOperating();
        JsonNode before = account(source);
        ApiClient.Response response = api.post("/v0/ach-transfer", body(source, medline(), 25_000, "Invoice 4471"));
        assertThat(response.status()).isEqualTo(201);
        JsonNode transaction = response.json();
        assertThat(transaction.get("id").asText()).startsWith("transaction_");
        assertThat(transaction.get("account_id").asText()).isEqualTo(source);
        assertThat(transaction.get("amount").asLong()).isEqualTo(-25_000);
        assertThat(transaction.at("/source/category").asText()).isEqualTo("ach_transfer_intention");
        String transferId = transaction.at("/source/ach_transfer_intention/ach_transfer_id").asText();
        assertThat(transferId).startsWith("ach_transfer_");
        assertThat(transaction.get("counterparty").get("type").asText()).isEqualTo("external");
        assertThat(transaction.at("/counterparty/external/external_account_id").asText()).isEqualTo(medline());
        assertThat(api.get("/v0/transactions/" + transaction.get("id").asText()).json()).isEqualTo(transaction);

        JsonNode after = account(source);
        assertThat(after.get("total_balance").asLong()).isEqualTo(before.get("total_balance").asLong() - 25_000);
        assertThat(after.get("available_balance").asLong()).isEqualTo(before.get("available_balance").asLong() - 25_000);

        ApiClient.Response read = api.get("/v0/ach-transfer/" + transferId);
        assertThat(read.status()).isEqualTo(200);
        JsonNode transfer = read.json();
        List<String> names = new ArrayList<>();
        transfer.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("id", "account_id", "external_account_id", "amount", "status",
                "statement_descriptor", "transaction_id", "settled_at", "submission", "return");
        assertThat(transfer.get("amount").asLong()).isEqualTo(25_000);
        assertThat(transfer.get("status").asText()).isEqualTo("pending");
        assertThat(transfer.get("statement_descriptor").asText()).isEqualTo("Invoice 4471");
        assertThat(transfer.get("transaction_id")).isEqualTo(transaction.get("id"));
        assertThat(transfer.get("external_account_id").asText()).isEqualTo(medline());
        assertThat(transfer.get("settled_at").isNull()).isTrue();
        assertThat(transfer.get("submission").isNull()).isTrue();
        assertThat(transfer.get("return").isNull()).isTrue();
    }

    @Test
    void statementDescriptorIsTheEntityNameWithoutADescription() {
        assertThat(send(100, null).get("statement_descriptor").asText()).isEqualTo("Riverside Family Medicine, P.C.");
    }

    @Test
    void pendingIsSubmittedAtTheNextHalfHourAndSettlesTheNextBusinessDay() {
        // the fixture clock starts on Monday 2026-03-02 at 15:00
        String id = send(25_000, null).get("id").asText();
        assertThat(advance("PT29M59S")).doesNotContain("ach_transfer.submitted " + id);
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("status").asText()).isEqualTo("pending");
        assertThat(advance("PT1S")).contains("ach_transfer.submitted " + id);
        JsonNode submitted = api.get("/v0/ach-transfer/" + id).json();
        assertThat(submitted.get("status").asText()).isEqualTo("submitted");
        assertThat(submitted.at("/submission/submitted_at").asText()).isEqualTo("2026-03-02T15:30:00.000Z");
        assertThat(submitted.at("/submission/expected_funds_settlement_at").asText()).isEqualTo("2026-03-03T15:30:00.000Z");
        assertThat(submitted.get("settled_at").isNull()).isTrue();
        assertThat(advance("PT23H59M")).doesNotContain("ach_transfer.settled " + id);
        assertThat(advance("PT1M")).contains("ach_transfer.settled " + id);
        JsonNode settled = api.get("/v0/ach-transfer/" + id).json();
        assertThat(settled.get("status").asText()).isEqualTo("submitted");
        assertThat(settled.get("settled_at").asText()).isEqualTo("2026-03-03T15:30:00.000Z");
    }

    @Test
    void aTransferSubmittedOnFridaySettlesOnMonday() {
        sandbox.clock().advanceTo(Instant.parse("2026-03-06T16:10:00Z"));
        String id = send(1_000, null).get("id").asText();
        advance("PT20M");
        JsonNode submitted = api.get("/v0/ach-transfer/" + id).json();
        assertThat(submitted.at("/submission/submitted_at").asText()).isEqualTo("2026-03-06T16:30:00.000Z");
        assertThat(submitted.at("/submission/expected_funds_settlement_at").asText()).isEqualTo("2026-03-09T16:30:00.000Z");
        advance("P2D");
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("settled_at").isNull()).isTrue();
        advance("P1D");
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("settled_at").asText()).isEqualTo("2026-03-09T16:30:00.000Z");
    }

    @Test
    void aTransferCreatedOnTheHalfHourWaitsForTheNextOne() {
        sandbox.clock().advanceTo(Instant.parse("2026-03-02T15:30:00Z"));
        String id = send(1_000, null).get("id").asText();
        advance("PT29M");
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("status").asText()).isEqualTo("pending");
        advance("PT1M");
        assertThat(api.get("/v0/ach-transfer/" + id).json().at("/submission/submitted_at").asText())
                .isEqualTo("2026-03-02T16:00:00.000Z");
    }

    @Test
    void overTenMillionCentsStaysPendingUntilApproved() {
        grantRiversideOperating(20_000_000);
        String id = send(10_000_001, null).get("id").asText();
        advance("P3D");
        JsonNode waiting = api.get("/v0/ach-transfer/" + id).json();
        assertThat(waiting.get("status").asText()).isEqualTo("pending");
        assertThat(waiting.get("submission").isNull()).isTrue();
        // 2026-03-05T15:00 now: approval lets it go at the next half hour
        JsonNode approved = control(id, "approve");
        assertThat(approved.get("status").asText()).isEqualTo("pending");
        ApiClient.Response again = api.post("/_sandbox/ach-transfers/" + id + "/approve", Map.of());
        assertThat(again.status()).isEqualTo(409);
        advance("PT30M");
        assertThat(api.get("/v0/ach-transfer/" + id).json().at("/submission/submitted_at").asText())
                .isEqualTo("2026-03-05T15:30:00.000Z");
    }

    @Test
    void exactlyTenMillionCentsNeedsNoApproval() {
        grantRiversideOperating(20_000_000);
        String id = send(10_000_000, null).get("id").asText();
        advance("PT30M");
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("status").asText()).isEqualTo("submitted");
        assertThat(api.post("/_sandbox/ach-transfers/" + id + "/approve", Map.of()).status()).isEqualTo(409);
    }

    @Test
    void rejectAndCancelGiveTheMoneyBackWithATransaction() {
        String source = fixtures.riversideOperating();
        for (String step : List.of("reject", "cancel")) {
            // read per step: the hour advanced below lets the fixture's pending inbound transfers resolve
            JsonNode before = account(source);
            String id = send(3_000, null).get("id").asText();
            JsonNode moved = control(id, step);
            assertThat(moved.get("status").asText()).isEqualTo(step.equals("reject") ? "rejected" : "canceled");
            assertThat(account(source).get("total_balance")).isEqualTo(before.get("total_balance"));
            assertThat(account(source).get("available_balance")).isEqualTo(before.get("available_balance"));
            JsonNode newest = api.get("/v0/transactions?account_id=" + source).json().at("/data/0");
            assertThat(newest.get("amount").asLong()).isEqualTo(3_000);
            assertThat(newest.at("/source/category").asText()).isEqualTo("ach_transfer_rejection");
            assertThat(newest.at("/source/ach_transfer_rejection/ach_transfer_id").asText()).isEqualTo(id);
            assertThat(newest.get("description").asText())
                    .isEqualTo((step.equals("reject") ? "Rejected" : "Canceled") + " ACH transfer " + id);
            for (String late : List.of("reject", "cancel", "approve", "return")) {
                ApiClient.Response wrong = api.post("/_sandbox/ach-transfers/" + id + "/" + late, Map.of());
                assertThat(wrong.status()).as(late + " after " + step).isEqualTo(409);
            }
            advance("PT1H");
            assertThat(api.get("/v0/ach-transfer/" + id).json().get("submission").isNull()).isTrue();
        }
        long sum = LiveFixtures.allPages(api, "/v0/transactions?account_id=" + source, 100).stream()
                .mapToLong(t -> t.get("amount").asLong()).sum();
        assertThat(sum).isEqualTo(account(source).get("total_balance").asLong());
    }

    @Test
    void onlyASubmittedTransferCanBeReturnedAndTheMoneyComesBack() {
        String source = fixtures.riversideOperating();
        JsonNode before = account(source);
        String id = send(4_200, null).get("id").asText();
        ApiClient.Response early = api.post("/_sandbox/ach-transfers/" + id + "/return", Map.of());
        assertThat(early.status()).isEqualTo(409);
        assertThat(early.json().get("message").asText()).isEqualTo("ACH transfer " + id
                + " is pending; only a submitted transfer can be returned");
        advance("PT30M");
        assertThat(api.post("/_sandbox/ach-transfers/" + id + "/reject", Map.of()).status()).isEqualTo(409);
        assertThat(api.post("/_sandbox/ach-transfers/" + id + "/cancel", Map.of()).status()).isEqualTo(409);
        ApiClient.Response returned = api.post("/_sandbox/ach-transfers/" + id + "/return", Map.of("reason", "account_closed"));
        assertThat(returned.status()).isEqualTo(200);
        assertThat(returned.json().get("status").asText()).isEqualTo("returned");
        assertThat(returned.json().at("/return/reason").asText()).isEqualTo("account_closed");
        assertThat(returned.json().at("/return/returned_at").asText()).isEqualTo("2026-03-02T15:30:00.000Z");
        assertThat(account(source).get("total_balance")).isEqualTo(before.get("total_balance"));
        JsonNode newest = api.get("/v0/transactions?account_id=" + source).json().at("/data/0");
        assertThat(newest.at("/source/category").asText()).isEqualTo("ach_transfer_return");
        assertThat(newest.get("amount").asLong()).isEqualTo(4_200);
        assertThat(api.post("/_sandbox/ach-transfers/" + id + "/return", Map.of()).status()).isEqualTo(409);
    }

    @Test
    void returnWithoutAReasonUsesNoAccountAndABadReasonIs400() {
        String id = send(100, null).get("id").asText();
        advance("PT30M");
        ApiClient.Response bad = api.post("/_sandbox/ach-transfers/" + id + "/return", Map.of("reason", "Not A Code"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(control(id, "return").at("/return/reason").asText()).isEqualTo("no_account");
    }

    @Test
    void controlRoutesAnswer404ForAnUnknownTransfer() {
        for (String step : List.of("approve", "reject", "cancel", "return")) {
            ApiClient.Response response = api.post("/_sandbox/ach-transfers/ach_transfer_nope/" + step, Map.of());
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.json().get("message").asText()).isEqualTo("ACH transfer ach_transfer_nope not found");
        }
    }

    @Test
    void theDestinationMustBeAnActiveExternalAccountOfTheSourcesEntity() {
        String source = fixtures.riversideOperating();
        ApiClient.Response archived = api.post("/v0/ach-transfer", body(source, external.get("Old billing service"), 100, null));
        assertThat(archived.status()).isEqualTo(400);
        assertThat(archived.json().get("message").get(0).asText()).contains("must be an active external account");
        ApiClient.Response otherEntity = api.post("/v0/ach-transfer", body(source, external.get("Dr. Lee reimbursement"), 100, null));
        assertThat(otherEntity.status()).isEqualTo(400);
        assertThat(otherEntity.json().get("message").get(0).asText())
                .isEqualTo("destination_account_id must be an external account of the source account's entity");
        ApiClient.Response unknown = api.post("/v0/ach-transfer", body(source, "external_account_nope", 100, null));
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").asText()).isEqualTo("External account external_account_nope not found");
        ApiClient.Response anAccount = api.post("/v0/ach-transfer", body(source, fixtures.riversidePayroll(), 100, null));
        assertThat(anAccount.status()).isEqualTo(404);
        assertThat(sandbox.exportState().get("ach_transfers")).isEmpty();
    }

    @Test
    void moreThanTheAvailableBalanceIsRefusedAndExactlyTheAvailableBalanceIsSent() {
        String source = fixtures.riversideOperating();
        JsonNode before = account(source);
        long available = before.get("available_balance").asLong();
        ApiClient.Response response = api.post("/v0/ach-transfer", body(source, medline(), available + 1, null));
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").get(0).asText())
                .isEqualTo("amount must not exceed the available balance of account " + source + " (" + available + ")");
        assertThat(account(source)).isEqualTo(before);
        assertThat(api.post("/v0/ach-transfer", body(source, medline(), available, null)).status()).isEqualTo(201);
        assertThat(account(source).get("available_balance").asLong()).isZero();
    }

    @Test
    void invalidBodiesListEveryViolation() {
        ApiClient.Response response = api.post("/v0/ach-transfer", Map.of("destination_account_id", medline(),
                "amount", "12", "description", "Rent - March", "extra", true));
        assertThat(response.status()).isEqualTo(400);
        List<String> messages = new ArrayList<>();
        response.json().get("message").forEach(m -> messages.add(m.asText()));
        assertThat(messages).containsExactlyInAnyOrder("source_account_id should not be empty",
                "amount must be an integer number", "description must contain only letters, digits and spaces",
                "property extra should not exist");
        assertThat(api.post("/v0/ach-transfer", body(fixtures.riversideOperating(), medline(), 1, "x".repeat(201))).status())
                .isEqualTo(400);
        assertThat(api.post("/v0/ach-transfer", body(fixtures.riversideOperating(), medline(), 0, null)).status())
                .isEqualTo(400);
        assertThat(api.post("/v0/ach-transfer", "not json", "ach-transfer-key-x").status()).isEqualTo(400);
    }

    @Test
    void aReusedIdempotencyKeyReplaysTheTransactionAndCreatesOneTransfer() {
        Map<String, Object> body = body(fixtures.riversideOperating(), medline(), 900, "Once only");
        ApiClient.Response first = api.post("/v0/ach-transfer", body, "ach-transfer-key-1");
        ApiClient.Response second = api.post("/v0/ach-transfer", body, "ach-transfer-key-1");
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.header("Idempotency-Replayed")).contains("true");
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(sandbox.exportState().get("ach_transfers")).hasSize(1);
        assertThat(api.post("/v0/ach-transfer", body, null).status()).isEqualTo(400);
    }

    @Test
    void transfersAreScopedToTheKeysEntities() {
        ApiClient one = api.as(LiveFixtures.ONE);
        ApiClient.Response hiddenSource = one.post("/v0/ach-transfer",
                body(fixtures.lakesideOperating(), external.get("Dr. Lee reimbursement"), 100, null));
        assertThat(hiddenSource.status()).isEqualTo(404);
        ApiClient.Response hiddenDestination = one.post("/v0/ach-transfer",
                body(fixtures.riversideOperating(), external.get("Dr. Lee reimbursement"), 100, null));
        assertThat(hiddenDestination.status()).isEqualTo(404);
        assertThat(hiddenDestination.json().get("message").asText())
                .isEqualTo("External account " + external.get("Dr. Lee reimbursement") + " not found");

        ApiClient.Response lakeside = api.post("/v0/ach-transfer",
                body(fixtures.lakesideOperating(), external.get("Dr. Lee reimbursement"), 100, null));
        assertThat(lakeside.status()).isEqualTo(201);
        String id = lakeside.json().at("/source/ach_transfer_intention/ach_transfer_id").asText();
        assertThat(one.get("/v0/ach-transfer/" + id).status()).isEqualTo(404);
        assertThat(one.get("/v0/transactions/" + lakeside.json().get("id").asText()).status()).isEqualTo(404);
        assertThat(api.get("/v0/ach-transfer/" + id).status()).isEqualTo(200);
        assertThat(api.get("/v0/ach-transfer/ach_transfer_nope").status()).isEqualTo(404);
        assertThat(api.as(null).get("/v0/ach-transfer/" + id).status()).isEqualTo(401);
    }

    @Test
    void aPendingTransferInAnImportedStateIsStillSubmittedOnTime() {
        String id = send(500, null).get("id").asText();
        JsonNode exported = sandbox.exportState();
        sandbox.reset();
        sandbox.importState(exported);
        List<ClockEvent> events = sandbox.clock().advance(Duration.ofMinutes(30));
        assertThat(events).contains(new ClockEvent("ach_transfer.submitted", id));
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("status").asText()).isEqualTo("submitted");
    }

    /** Adds money to Riverside Operating through an opening balance, keeping the ledger whole. */
    private void grantRiversideOperating(long cents) {
        ObjectNode state = (ObjectNode) sandbox.exportState();
        String id = fixtures.riversideOperating();
        for (JsonNode account : state.get("accounts")) {
            if (account.get("id").asText().equals(id)) {
                ((ObjectNode) account).put("total_balance", account.get("total_balance").asLong() + cents);
                ((ObjectNode) account).put("available_balance", account.get("available_balance").asLong() + cents);
            }
        }
        for (JsonNode t : state.get("transactions")) {
            if (t.get("account_id").asText().equals(id) && t.get("source_category").asText().equals("opening_balance")) {
                ((ObjectNode) t).put("amount", t.get("amount").asLong() + cents);
            }
        }
        sandbox.importState(state);
    }
}
