package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v0/transactions/{id}/era}: a transaction is known from the ledger or, for a payment a
 * fixture set or imported state carries without its ledger, from the ERA that names it.
 */
class EraOfTransactionTest extends SandboxTestBase {

    /** Imports the current state with the first ERA of {@code entityId} naming a transaction the ledger lacks. */
    private JsonNode eraPaidByAGhostTransaction(String entityId, String transactionId) {
        JsonNode document = state().deepCopy();
        for (JsonNode era : document.get("eras")) {
            if (era.get("entity_id").asText().equals(entityId)) {
                ((ObjectNode) era).put("transaction_id", transactionId);
                sandbox.importState(document);
                return era;
            }
        }
        throw new AssertionError("no ERA of " + entityId);
    }

    @Test
    void theEraOfATransactionMissingFromTheLedgerIsFoundThroughTheEraThatNamesIt() {
        JsonNode era = eraPaidByAGhostTransaction(fixtures.riverside(), "transaction_notinledger01");
        assertThat(api.get("/v0/transactions/transaction_notinledger01").status()).as("not in the ledger").isEqualTo(404);
        ApiClient.Response response = api.get("/v0/transactions/transaction_notinledger01/era");
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().get("id")).isEqualTo(era.get("id"));
        assertThat(api.as(ONE).get("/v0/transactions/transaction_notinledger01/era").status())
                .as("Riverside's ERA, seen by its own key").isEqualTo(200);
    }

    @Test
    void aTransactionMissingFromTheLedgerWhoseEraAnotherEntityOwnsIsNotFoundAsATransaction() {
        eraPaidByAGhostTransaction(fixtures.lakeside(), "transaction_notinledger02");
        ApiClient.Response hidden = api.as(ONE).get("/v0/transactions/transaction_notinledger02/era");
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("message").asText()).isEqualTo("Transaction transaction_notinledger02 not found");
        assertThat(api.get("/v0/transactions/transaction_notinledger02/era").status()).isEqualTo(200);
    }

    @Test
    void aTransactionNeitherInTheLedgerNorNamedByAnEraIsNotFoundAsATransaction() {
        ApiClient.Response response = api.get("/v0/transactions/transaction_nowhere01/era");
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("message").asText()).isEqualTo("Transaction transaction_nowhere01 not found");
    }

    @Test
    void aLedgerTransactionWithoutAnEraIsNotFoundAsAnEraAndAnotherEntitysAsATransaction() {
        String riversideTransaction = api.get("/v0/transactions?account_id=" + fixtures.riversideOperating() + "&limit=100")
                .json().get("data").get(0).get("id").asText();
        for (JsonNode era : state().get("eras")) {
            assertThat(era.path("transaction_id").asText()).isNotEqualTo(riversideTransaction);
        }
        ApiClient.Response none = api.get("/v0/transactions/" + riversideTransaction + "/era");
        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().get("message").asText()).isEqualTo("ERA for transaction " + riversideTransaction + " not found");
        String lakesideTransaction = api.get("/v0/transactions?account_id=" + fixtures.lakesideOperating() + "&limit=1")
                .json().get("data").get(0).get("id").asText();
        ApiClient.Response hidden = api.as(ONE).get("/v0/transactions/" + lakesideTransaction + "/era");
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("message").asText()).isEqualTo("Transaction " + lakesideTransaction + " not found");
    }
}
