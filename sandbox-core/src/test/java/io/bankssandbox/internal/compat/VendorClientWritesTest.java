package io.bankssandbox.internal.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every write the vendor's public client makes, as it makes it, answered with the documented shape and
 * replayed on a retry with the same key; and the error fields it explains failures with.
 */
class VendorClientWritesTest extends VendorClientTestBase {

    @Test
    void everyWriteTheClientMakesIsAnsweredWithTheDocumentedShapeAndReplaysOnRetry() {
        String entityId = fixtures.riverside();
        String operating = fixtures.riversideOperating();
        String payroll = fixtures.riversidePayroll();
        long operatingBefore = ok(client.get("/v0/accounts/" + operating, params())).get("available_balance").asLong();

        // cards: the client always sends one multi-use spending limit list
        Map<String, Object> cardBody = Map.of("bank_account_id", operating, "nickname", "Office supplies",
                "authorization_controls", Map.of("usage", Map.of("category", "multi_use", "multi_use",
                        Map.of("spending_limits", List.of(Map.of("interval", "per_transaction", "amount", 25_000))))));
        JsonNode card = created(client.post("/v0/cards", cardBody, "card-2026-03"));
        text(card, "id", "last_4", "status", "nickname");
        present(card, "authorization_controls");
        String cardId = card.get("id").asText();
        ApiClient.Response cardReplay = client.post("/v0/cards", cardBody, "card-2026-03");
        assertThat(cardReplay.status()).isEqualTo(201);
        assertThat(cardReplay.header("Idempotency-Replayed")).contains("true");
        assertThat(cardReplay.json().get("id").asText()).isEqualTo(cardId);
        assertThat(ok(client.get("/v0/cards/" + cardId, params())).get("status").asText()).isEqualTo("active");
        JsonNode iframe = ok(client.get("/v0/cards/" + cardId + "/iframe", params()));
        text(iframe, "url", "expires_at");
        JsonNode canceled = ok(client.delete("/v0/cards/" + cardId));
        assertThat(canceled.get("status").asText()).isEqualTo("canceled");
        assertThat(ok(client.get("/v0/cards/" + cardId, params())).get("status").asText()).isEqualTo("canceled");

        // a saved recipient, then list and get it
        Map<String, Object> address = new LinkedHashMap<>();
        address.put("line1", "100 Supply Way");
        address.put("city", "Sacramento");
        address.put("state", "CA");
        address.put("postal_code", "95814");
        address.put("country", "US");
        Map<String, Object> recipient = new LinkedHashMap<>();
        recipient.put("entity_id", entityId);
        recipient.put("nickname", "Medline");
        recipient.put("holder_type", "business");
        recipient.put("routing_number", "021000021");
        recipient.put("account_number", "4471002231");
        recipient.put("holder_name", "Medline Industries");
        recipient.put("holder_address", address);
        JsonNode external = created(client.post("/v0/external-accounts", recipient, "medline-recipient"));
        text(external, "id", "nickname", "holder_type", "routing_number", "account_number", "status");
        String externalId = external.get("id").asText();
        assertThat(client.all("/v0/external-accounts", params("entity_id", entityId), 3))
                .extracting(e -> e.get("id").asText()).contains(externalId);
        assertThat(ok(client.get("/v0/external-accounts/" + externalId, params()))).isEqualTo(external);

        // outbound ACH to the saved recipient: answered with the transaction, the transfer read back
        Map<String, Object> achBody = new LinkedHashMap<>();
        achBody.put("source_account_id", operating);
        achBody.put("destination_account_id", externalId);
        achBody.put("amount", 125_050);
        achBody.put("description", "Invoice 42 August");
        JsonNode achTransaction = created(client.post("/v0/ach-transfer", achBody, "invoice 42/august"));
        assertThat(achTransaction.get("amount").asLong()).isEqualTo(-125_050);
        assertThat(achTransaction.at("/source/category").asText()).isEqualTo("ach_transfer_intention");
        String achId = achTransaction.at("/source/ach_transfer_intention/ach_transfer_id").asText();
        ApiClient.Response achReplay = client.post("/v0/ach-transfer", achBody, "invoice 42/august");
        assertThat(achReplay.status()).isEqualTo(201);
        assertThat(achReplay.header("Idempotency-Replayed")).contains("true");
        assertThat(achReplay.json().get("id").asText()).isEqualTo(achTransaction.get("id").asText());
        JsonNode ach = ok(client.get("/v0/ach-transfer/" + achId, params()));
        text(ach, "id", "account_id", "external_account_id", "status", "statement_descriptor", "transaction_id");
        integer(ach, "amount");
        assertThat(ach.get("status").asText()).isEqualTo("pending");
        assertThat(ach.get("transaction_id").asText()).isEqualTo(achTransaction.get("id").asText());

        // book transfer under both names the vendor's docs use
        Map<String, Object> bookBody = new LinkedHashMap<>();
        bookBody.put("source_account_id", operating);
        bookBody.put("destination_account_id", payroll);
        bookBody.put("amount", 10_000);
        JsonNode book = created(client.post("/v0/book-transfer", bookBody, "payroll-2026-03-02"));
        text(book, "id", "source_account_id", "destination_account_id", "status", "created_at");
        integer(book, "amount");
        assertThat(book.get("transaction_ids").size()).isEqualTo(2);
        assertThat(ok(client.get("/v0/book-transfer/" + book.get("id").asText(), params()))).isEqualTo(book);
        ApiClient.Response bookReplay = client.post("/v0/book-transfer", bookBody, "payroll-2026-03-02");
        assertThat(bookReplay.header("Idempotency-Replayed")).contains("true");
        assertThat(bookReplay.json()).isEqualTo(book);
        JsonNode alias = created(client.post("/v0/internal-transfer", bookBody, "payroll-2026-03-02-bis"));
        assertThat(ok(client.get("/v0/internal-transfer/" + alias.get("id").asText(), params())).get("id"))
                .isEqualTo(alias.get("id"));

        // retries moved no money twice: one ACH and two book transfers left the account
        long operatingAfter = ok(client.get("/v0/accounts/" + operating, params())).get("available_balance").asLong();
        assertThat(operatingAfter).isEqualTo(operatingBefore - 125_050 - 10_000 - 10_000);
    }

    @Test
    void errorsCarryTheFieldsTheClientExplainsThemWith() {
        for (ApiClient.Response response : List.of(
                client.get("/v0/entities/entity_unknown", params()),
                client.get("/v0/transactions", params()),
                api.as("lm_key_wrong").send("GET", "/v0/entities", null, Map.of("Accept", "application/json")))) {
            JsonNode body = response.json();
            integer(body, "statusCode");
            text(body, "error");
            assertThat(body.get("statusCode").asInt()).isEqualTo(response.status());
            assertThat(body.get("message").isTextual() || body.get("message").isArray()).isTrue();
        }
        // another entity's ids are not found for a key that does not see it, as the client's hint says
        ApiClient.Response hidden = api.as(ONE).send("GET", "/v0/accounts/" + fixtures.harborOperating(), null,
                Map.of("Accept", "application/json"));
        assertThat(hidden.status()).isEqualTo(404);
    }
}
