package io.bankssandbox.internal.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sandbox used the way the public client of the vendor's current API ({@code lemma-banking-mcp},
 * built from the vendor's OpenAPI of 2026-09) uses the real service: the same paths, query parameter
 * names, headers and bodies, over real HTTP. Every answer is checked against the served OpenAPI
 * document by {@link ApiClient}, and the fields that client reads are checked for presence and type
 * here. The facts about the client (and only facts, none of its code) are listed in docs/compatibility.md
 * section "Vendor client compatibility".
 */
class VendorClientCompatibilityTest extends VendorClientTestBase {

    @Test
    void everyReadTheClientMakesIsAnsweredWithTheDocumentedShape() {
        // entities: the client pages with limit and cursor and filters on npi itself
        List<JsonNode> entities = client.all("/v0/entities", params(), 5);
        assertThat(entities).hasSizeGreaterThan(5);
        for (JsonNode entity : entities) {
            text(entity, "id", "name", "structure");
            present(entity, "npi");
        }
        JsonNode provider = entities.stream().filter(e -> e.path("npi").isTextual()).findFirst().orElseThrow();
        String entityId = provider.get("id").asText();

        JsonNode entity = ok(client.get("/v0/entities/" + entityId, params()));
        assertThat(entity.get("id").asText()).isEqualTo(entityId);
        text(entity, "name", "structure", "npi");

        JsonNode lockbox = ok(client.get("/v0/entities/" + entityId + "/lockbox", params()));
        text(lockbox, "recipient_name", "line1", "city", "state", "postalCode");
        present(lockbox, "line2");

        // mail, with the client's filters: received.on_or_after / received.on_or_before as YYYY-MM-DD
        List<JsonNode> mail = client.all("/v0/entities/" + entityId + "/mail",
                params("received.on_or_after", "2026-01-01", "received.on_or_before", "2026-03-02"), 2);
        List<JsonNode> allMail = client.all("/v0/entities/" + entityId + "/mail", params(), 100);
        assertThat(mail).isNotEmpty().hasSameSizeAs(allMail);
        assertThat(client.all("/v0/entities/" + entityId + "/mail",
                params("received.on_or_after", "2030-01-01"), 10)).isEmpty();
        JsonNode withChecks = null;
        for (JsonNode item : mail) {
            text(item, "id", "entity_id", "file_id", "received_at");
            integer(item, "amount");
            assertThat(item.has("provider_id")).isFalse();
            for (JsonNode check : item.get("checks")) {
                text(check, "id", "status");
                integer(check, "amount");
                present(check, "transaction_id", "hold", "micr");
                withChecks = item;
            }
        }
        assertThat(withChecks).as("default mail holds checks").isNotNull();
        isPdf(client.download("/v0/files/" + withChecks.get("file_id").asText()));

        // accounts of the entity: the client passes limit and cursor here too
        List<JsonNode> accounts = client.all("/v0/accounts", params("entity_id", entityId), 1);
        assertThat(accounts).isNotEmpty();
        for (JsonNode listed : accounts) {
            text(listed, "id", "name");
            integer(listed, "total_balance", "available_balance");
        }
        String accountId = accounts.get(0).get("id").asText();
        JsonNode account = ok(client.get("/v0/accounts/" + accountId, params()));
        text(account, "id", "entity_id", "name", "account_number", "routing_number", "opened_at");
        integer(account, "total_balance", "available_balance");
        assertThat(account.get("entity_id").asText()).isEqualTo(entityId);
        isPdf(client.download("/v0/accounts/" + accountId + "/settlement-instructions"));

        // transactions: every page, and they explain the balance
        List<JsonNode> transactions = client.all("/v0/transactions", params("account_id", accountId), 7);
        assertThat(transactions).isNotEmpty();
        long sum = 0;
        for (JsonNode transaction : transactions) {
            text(transaction, "id", "account_id", "occurred_at", "description");
            integer(transaction, "amount");
            text(transaction.get("source"), "category");
            present(transaction, "counterparty");
            sum += transaction.get("amount").asLong();
        }
        assertThat(sum).isEqualTo(account.get("total_balance").asLong());
        JsonNode oneTransaction = ok(client.get("/v0/transactions/" + transactions.get(0).get("id").asText(), params()));
        assertThat(oneTransaction).isEqualTo(transactions.get(0));

        // check deposits, of the account and of every account the key sees
        List<JsonNode> deposits = client.all("/v0/check-deposits", params("account_id", accountId), 3);
        assertThat(deposits).isNotEmpty();
        assertThat(client.all("/v0/check-deposits", params(), 50)).hasSizeGreaterThanOrEqualTo(deposits.size());
        for (JsonNode deposit : deposits) {
            text(deposit, "id", "status", "account_id", "inbound_mail_item_id");
            integer(deposit, "amount");
            present(deposit, "transaction_id", "hold", "micr");
        }
        JsonNode deposit = ok(client.get("/v0/check-deposits/" + deposits.get(0).get("id").asText(), params()));
        assertThat(deposit).isEqualTo(deposits.get(0));

        // inbound ACH transfers: the client's account filter is optional
        List<JsonNode> inbound = client.all("/v0/inbound-ach-transfers", params("account_id", accountId), 4);
        assertThat(inbound).isNotEmpty();
        assertThat(client.all("/v0/inbound-ach-transfers", params(), 25)).hasSizeGreaterThan(inbound.size());
        for (JsonNode transfer : inbound) {
            text(transfer, "id", "status");
            integer(transfer, "amount");
        }
        JsonNode oneInbound = ok(client.get("/v0/inbound-ach-transfers/" + inbound.get(0).get("id").asText(), params()));
        assertThat(oneInbound).isEqualTo(inbound.get(0));

        // remittances with every filter the client sends, then the raw 835
        List<JsonNode> remittances = client.all("/v0/remittances", params("entity_id", entityId), 3);
        assertThat(remittances).isNotEmpty();
        for (JsonNode remittance : remittances) {
            text(remittance, "id", "entity_id", "received_at", "updated_at");
            text(remittance.get("payer"), "name");
            integer(remittance.get("payment"), "amount");
            text(remittance.get("payment"), "method", "trace_number", "date");
            assertThat(remittance.get("era_available").asBoolean()).isTrue();
            present(remittance, "transaction_id");
        }
        JsonNode first = remittances.get(0);
        String payer = first.at("/payer/name").asText();
        String day = first.get("received_at").asText().substring(0, 10);
        List<JsonNode> filtered = client.all("/v0/remittances", params("entity_id", entityId,
                "updated_since", "2025-01-01T00:00:00.000Z", "received_on_or_after", day, "received_on_or_before", day,
                "payer", payer.substring(1, 4).toLowerCase()), 10);
        assertThat(filtered).extracting(r -> r.get("id").asText()).contains(first.get("id").asText());
        ApiClient.Response era = client.download("/v0/remittances/" + first.get("id").asText() + "/era");
        assertThat(era.status()).as(era.toString()).isEqualTo(200);
        assertThat(era.header("Content-Type").orElse("")).startsWith("text/plain");
        assertThat(era.text()).startsWith("ISA*").contains("ST*835*").contains("IEA*");

        // external accounts
        for (JsonNode external : client.all("/v0/external-accounts", params("entity_id", entityId), 2)) {
            text(external, "id", "nickname", "holder_type", "routing_number", "account_number", "status");
        }
    }
}
