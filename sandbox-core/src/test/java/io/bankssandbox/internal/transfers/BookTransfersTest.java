package io.bankssandbox.internal.transfers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BookTransfersTest extends SandboxTestBase {

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

    JsonNode account(String id) {
        return api.get("/v0/accounts/" + id).json();
    }

    @Test
    void bookTransferMovesBothBalancesAtOnceAndNamesItsTwoTransactions() {
        String from = fixtures.riversideOperating();
        String to = fixtures.riversidePayroll();
        JsonNode fromBefore = account(from);
        JsonNode toBefore = account(to);
        ApiClient.Response response = api.post("/v0/book-transfer", body(from, to, 12_345, "Payroll top up"));
        assertThat(response.status()).isEqualTo(201);
        JsonNode transfer = response.json();
        List<String> names = new ArrayList<>();
        transfer.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("id", "source_account_id", "destination_account_id", "amount", "description",
                "status", "transaction_ids", "created_at");
        assertThat(transfer.get("id").asText()).startsWith("book_transfer_");
        assertThat(transfer.get("status").asText()).isEqualTo("complete");
        assertThat(transfer.get("amount").asLong()).isEqualTo(12_345);
        assertThat(transfer.get("description").asText()).isEqualTo("Payroll top up");
        assertThat(transfer.get("created_at").asText()).isEqualTo("2026-03-02T15:00:00.000Z");

        JsonNode debit = api.get("/v0/transactions/" + transfer.get("transaction_ids").get(0).asText()).json();
        JsonNode credit = api.get("/v0/transactions/" + transfer.get("transaction_ids").get(1).asText()).json();
        assertThat(debit.get("account_id").asText()).isEqualTo(from);
        assertThat(debit.get("amount").asLong()).isEqualTo(-12_345);
        assertThat(debit.at("/source/category").asText()).isEqualTo("internal_transfer");
        assertThat(debit.at("/source/internal_transfer/book_transfer_id").asText()).isEqualTo(transfer.get("id").asText());
        assertThat(debit.at("/counterparty/type").asText()).isEqualTo("internal");
        assertThat(debit.at("/counterparty/internal/account_id").asText()).isEqualTo(to);
        assertThat(credit.get("account_id").asText()).isEqualTo(to);
        assertThat(credit.get("amount").asLong()).isEqualTo(12_345);
        assertThat(credit.at("/counterparty/internal/account_id").asText()).isEqualTo(from);

        assertThat(account(from).get("total_balance").asLong()).isEqualTo(fromBefore.get("total_balance").asLong() - 12_345);
        assertThat(account(from).get("available_balance").asLong()).isEqualTo(fromBefore.get("available_balance").asLong() - 12_345);
        assertThat(account(to).get("total_balance").asLong()).isEqualTo(toBefore.get("total_balance").asLong() + 12_345);
        assertThat(account(to).get("available_balance").asLong()).isEqualTo(toBefore.get("available_balance").asLong() + 12_345);

        // newest first: the transfer's transactions head both accounts' lists
        assertThat(api.get("/v0/transactions?account_id=" + from).json().at("/data/0/id")).isEqualTo(debit.get("id"));
        assertThat(api.get("/v0/transactions?account_id=" + to).json().at("/data/0/id")).isEqualTo(credit.get("id"));

        ApiClient.Response read = api.get("/v0/book-transfer/" + transfer.get("id").asText());
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.json()).isEqualTo(transfer);
        assertThat(api.get("/v0/internal-transfer/" + transfer.get("id").asText()).json()).isEqualTo(transfer);
    }

    @Test
    void transactionsStillSumToTheTotalBalanceAfterATransfer() {
        String from = fixtures.riversideOperating();
        String to = fixtures.lakesideOperating();
        assertThat(api.post("/v0/internal-transfer", body(from, to, 5_000, null)).status()).isEqualTo(201);
        for (String id : List.of(from, to)) {
            long sum = LiveFixtures.allPages(api, "/v0/transactions?account_id=" + id, 100).stream()
                    .mapToLong(t -> t.get("amount").asLong()).sum();
            assertThat(sum).isEqualTo(account(id).get("total_balance").asLong());
        }
    }

    @Test
    void internalTransferIsAnAliasAndDescriptionIsNullWhenNotGiven() {
        ApiClient.Response response = api.post("/v0/internal-transfer",
                body(fixtures.riversideOperating(), fixtures.riversidePayroll(), 100, null));
        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("description").isNull()).isTrue();
        JsonNode debit = api.get("/v0/transactions/" + response.json().at("/transaction_ids/0").asText()).json();
        assertThat(debit.get("description").asText()).isEqualTo("Transfer to Riverside Payroll");
    }

    @Test
    void aReusedIdempotencyKeyReplaysTheTransferWithoutMovingMoneyAgain() {
        String from = fixtures.riversideOperating();
        long before = account(from).get("total_balance").asLong();
        Map<String, Object> body = body(from, fixtures.riversidePayroll(), 700, "Once");
        ApiClient.Response first = api.post("/v0/book-transfer", body, "book-transfer-key-1");
        ApiClient.Response second = api.post("/v0/book-transfer", body, "book-transfer-key-1");
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.header("Idempotency-Replayed")).contains("true");
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(account(from).get("total_balance").asLong()).isEqualTo(before - 700);
        ApiClient.Response otherBody = api.post("/v0/book-transfer", body(from, fixtures.riversidePayroll(), 701, "Once"),
                "book-transfer-key-1");
        assertThat(otherBody.status()).isEqualTo(422);
        ApiClient.Response otherEndpoint = api.post("/v0/internal-transfer", body, "book-transfer-key-1");
        assertThat(otherEndpoint.status()).isEqualTo(422);
    }

    @Test
    void idempotencyKeyIsRequired() {
        ApiClient.Response response = api.post("/v0/book-transfer",
                body(fixtures.riversideOperating(), fixtures.riversidePayroll(), 100, null), null);
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").asText()).isEqualTo("Idempotency-Key header is required");
    }

    @Test
    void aBodyThatIsNotJsonIs415AndNoKeyIs401() {
        Map<String, String> headers = Map.of("Content-Type", "text/plain", "Idempotency-Key", "book-transfer-415-key");
        ApiClient.Response plain = api.send("POST", "/v0/book-transfer", "source_account_id=x", headers);
        assertThat(plain.status()).isEqualTo(415);
        ApiClient.Response anonymous = api.as(null).post("/v0/book-transfer",
                body(fixtures.riversideOperating(), fixtures.riversidePayroll(), 100, null));
        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.json().get("message").asText()).isEqualTo("Unauthorized");
    }

    @Test
    void moreThanTheAvailableBalanceIsRefusedAndMovesNothing() {
        String from = fixtures.harborOperating();
        JsonNode before = account(from);
        long available = before.get("available_balance").asLong();
        ApiClient.Response response = api.post("/v0/book-transfer", body(from, fixtures.riversideOperating(), available + 1, null));
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").get(0).asText())
                .isEqualTo("amount must not exceed the available balance of account " + from + " (" + available + ")");
        assertThat(account(from)).isEqualTo(before);
        assertThat(api.post("/v0/book-transfer", body(from, fixtures.riversideOperating(), available, null)).status())
                .isEqualTo(201);
        assertThat(account(from).get("available_balance").asLong()).isZero();
    }

    @Test
    void invalidBodiesListEveryViolation() {
        ApiClient.Response response = api.post("/v0/book-transfer", Map.of("source_account_id", fixtures.riversideOperating(),
                "amount", 0, "description", "Rent, March!", "memo", "x"));
        assertThat(response.status()).isEqualTo(400);
        List<String> messages = new ArrayList<>();
        response.json().get("message").forEach(m -> messages.add(m.asText()));
        assertThat(messages).containsExactlyInAnyOrder("destination_account_id should not be empty",
                "amount must be a positive number", "description must contain only letters, digits and spaces",
                "property memo should not exist");
        ApiClient.Response tooLong = api.post("/v0/book-transfer",
                body(fixtures.riversideOperating(), fixtures.riversidePayroll(), 1, "a".repeat(201)));
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.json().get("message").get(0).asText()).isEqualTo("description must be shorter than or equal to 200 characters");
        assertThat(api.post("/v0/book-transfer", body(fixtures.riversideOperating(), fixtures.riversidePayroll(), 1,
                "a".repeat(200))).status()).isEqualTo(201);
        assertThat(api.post("/v0/book-transfer", body(fixtures.riversideOperating(), fixtures.riversidePayroll(), 1.5, null))
                .status()).isEqualTo(400);
        assertThat(api.post("/v0/book-transfer", body(fixtures.riversideOperating(), fixtures.riversidePayroll(), -5, null))
                .status()).isEqualTo(400);
    }

    @Test
    void theTwoAccountsMustDiffer() {
        String from = fixtures.riversideOperating();
        ApiClient.Response response = api.post("/v0/book-transfer", body(from, from, 100, null));
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("message").get(0).asText())
                .isEqualTo("destination_account_id must be a different account than source_account_id");
    }

    @Test
    void bothAccountsMustBeVisibleToTheKey() {
        ApiClient one = api.as(LiveFixtures.ONE);
        ApiClient.Response toHidden = one.post("/v0/book-transfer", body(fixtures.riversideOperating(), fixtures.lakesideOperating(), 100, null));
        assertThat(toHidden.status()).isEqualTo(404);
        assertThat(toHidden.json().get("message").asText()).isEqualTo("Account " + fixtures.lakesideOperating() + " not found");
        ApiClient.Response fromHidden = one.post("/v0/book-transfer", body(fixtures.lakesideOperating(), fixtures.riversideOperating(), 100, null));
        assertThat(fromHidden.status()).isEqualTo(404);
        assertThat(api.post("/v0/book-transfer", body("account_nope", fixtures.riversideOperating(), 100, null)).status())
                .isEqualTo(404);
        assertThat(one.post("/v0/book-transfer", body(fixtures.riversideOperating(), fixtures.riversidePayroll(), 100, null))
                .status()).isEqualTo(201);
    }

    @Test
    void aTransferIsInvisibleToAKeyThatSeesNeitherAccount() {
        String id = api.post("/v0/book-transfer", body(fixtures.lakesideOperating(), fixtures.harborOperating(), 100, null))
                .json().get("id").asText();
        ApiClient.Response hidden = api.as(LiveFixtures.ONE).get("/v0/book-transfer/" + id);
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("message").asText()).isEqualTo("Book transfer " + id + " not found");
        assertThat(api.get("/v0/book-transfer/book_transfer_nope").status()).isEqualTo(404);
        assertThat(api.as(null).get("/v0/book-transfer/" + id).status()).isEqualTo(401);
    }

    @Test
    void bookTransfersAreInTheStateExportAndSurviveAnImport() {
        String id = api.post("/v0/book-transfer", body(fixtures.riversideOperating(), fixtures.riversidePayroll(), 100, null))
                .json().get("id").asText();
        JsonNode exported = sandbox.exportState();
        assertThat(exported.get("book_transfers")).hasSize(1);
        sandbox.reset();
        assertThat(api.get("/v0/book-transfer/" + id).status()).isEqualTo(404);
        sandbox.importState(exported);
        assertThat(api.get("/v0/book-transfer/" + id).status()).isEqualTo(200);
    }
}
