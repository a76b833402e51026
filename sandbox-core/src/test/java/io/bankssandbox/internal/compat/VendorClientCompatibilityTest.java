package io.bankssandbox.internal.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sandbox used the way the public client of the vendor's current API ({@code lemma-banking-mcp},
 * built from the vendor's OpenAPI of 2026-09) uses the real service: the same paths, query parameter
 * names, headers and bodies, over real HTTP. Every answer is checked against the served OpenAPI
 * document by {@link ApiClient}, and the fields that client reads are checked for presence and type
 * here. The facts about the client (and only facts, none of its code) are listed in docs/compatibility.md
 * section "Vendor client compatibility".
 */
class VendorClientCompatibilityTest extends SandboxTestBase {

    /**
     * Calls made the way that client makes them: {@code Authorization: Bearer}, {@code Accept} JSON
     * (or any type for downloads), query parameters left out when unset, and on every POST a JSON
     * body with an {@code Idempotency-Key} derived deterministically from a caller reference.
     */
    private final class VendorClient {
        ApiClient.Response get(String path, Map<String, Object> query) {
            return api.send("GET", path + query(query), null, Map.of("Accept", "application/json"));
        }

        ApiClient.Response download(String path) {
            return api.send("GET", path, null, Map.of("Accept", "*/*"));
        }

        ApiClient.Response post(String path, Map<String, Object> body, String reference) {
            return api.send("POST", path, body, Map.of("Accept", "application/json",
                    "Content-Type", "application/json", "Idempotency-Key", idempotencyKey(path, reference)));
        }

        ApiClient.Response delete(String path) {
            return api.send("DELETE", path, null, Map.of("Accept", "application/json"));
        }

        /** Every item of a list, following {@code cursor} while {@code has_next}, as the client pages. */
        List<JsonNode> all(String path, Map<String, Object> query, int limit) {
            List<JsonNode> items = new ArrayList<>();
            Map<String, Object> params = new LinkedHashMap<>(query);
            params.put("limit", limit);
            for (int pages = 0; pages < 1_000; pages++) {
                ApiClient.Response response = get(path, params);
                assertThat(response.status()).as(response.toString()).isEqualTo(200);
                JsonNode page = response.json();
                assertThat(page.get("data").isArray()).as(response.toString()).isTrue();
                assertThat(page.get("data").size()).as(response.toString()).isLessThanOrEqualTo(limit);
                page.get("data").forEach(items::add);
                assertThat(page.get("has_next").isBoolean()).as(response.toString()).isTrue();
                if (!page.get("has_next").asBoolean()) {
                    assertThat(page.get("cursor").isNull()).as(response.toString()).isTrue();
                    return items;
                }
                params.put("cursor", page.get("cursor").asText());
            }
            throw new AssertionError("pagination of " + path + " never ended");
        }

        private String query(Map<String, Object> query) {
            StringBuilder out = new StringBuilder();
            query.forEach((name, value) -> {
                if (value != null) {
                    out.append(out.length() == 0 ? '?' : '&').append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                            .append('=').append(URLEncoder.encode(String.valueOf(value), StandardCharsets.UTF_8));
                }
            });
            return out.toString();
        }

        /** 10..256 chars of [A-Za-z0-9_:-]: the reference, sanitized, plus a digest keeping it unique. */
        private String idempotencyKey(String path, String reference) {
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256")
                        .digest((path + ":" + reference).getBytes(StandardCharsets.UTF_8));
                return ("compat" + path + ":" + reference).replaceAll("[^A-Za-z0-9_:-]", "-") + ":"
                        + HexFormat.of().formatHex(digest, 0, 6);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private final VendorClient client = new VendorClient();

    private static Map<String, Object> params(Object... nameValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            out.put((String) nameValues[i], nameValues[i + 1]);
        }
        return out;
    }

    private static void text(JsonNode node, String... fields) {
        for (String field : fields) {
            assertThat(node.path(field).isTextual()).as(field + " of " + node).isTrue();
        }
    }

    private static void integer(JsonNode node, String... fields) {
        for (String field : fields) {
            assertThat(node.path(field).isIntegralNumber()).as(field + " of " + node).isTrue();
        }
    }

    private static void present(JsonNode node, String... fields) {
        for (String field : fields) {
            assertThat(node.has(field)).as(field + " of " + node).isTrue();
        }
    }

    private static JsonNode ok(ApiClient.Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    private static JsonNode created(ApiClient.Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json();
    }

    private static void isPdf(ApiClient.Response response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type").orElse("")).startsWith("application/pdf");
        assertThat(new String(response.bytes(), 0, 5, StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
    }

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
