package io.bankssandbox.internal.transfers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
class AchTransfersTest extends AchTransfersTestBase {

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
}
