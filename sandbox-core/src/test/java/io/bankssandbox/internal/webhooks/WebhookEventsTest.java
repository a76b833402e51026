package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Which events are sent, to whom, with which body: every transaction posted after start is one
 * {@code transaction.created} per endpoint whose key sees its account, whatever posted it, and
 * connecting a key to an entity is one {@code entity.connected} to that key's endpoints. Checked
 * against a real HTTP receiver on loopback and against the ledger.
 */
class WebhookEventsTest extends SandboxTestBase {
    private static final Duration WITHIN = Duration.ofSeconds(60);
    private WebhookReceiver all;
    private WebhookReceiver one;

    @BeforeAll
    void receivers() {
        all = new WebhookReceiver();
        one = new WebhookReceiver();
    }

    @BeforeEach
    void endpoints() {
        all.clear();
        one.clear();
        ok(control.post("/_sandbox/webhooks", Map.of("url", all.url(), "api_key", ALL)), 201);
        ok(control.post("/_sandbox/webhooks", Map.of("url", one.url(), "api_key", ONE)), 201);
    }

    @AfterAll
    void stopReceivers() {
        all.close();
        one.close();
    }

    private static JsonNode ok(ApiClient.Response response, int status) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        return response.json();
    }

    private Map<String, JsonNode> ledger() {
        Map<String, JsonNode> byId = new java.util.HashMap<>();
        sandbox.exportState().get("transactions").forEach(t -> byId.put(t.get("id").asText(), t));
        return byId;
    }

    /** An external account the Riverside accounts may send ACH to. */
    private String riversideExternalAccount() {
        for (JsonNode external : sandbox.exportState().get("external_accounts")) {
            if (api.as(ONE).get("/v0/external-accounts/" + external.get("id").asText()).status() == 200) {
                return external.get("id").asText();
            }
        }
        throw new AssertionError("the default fixtures have an external account Riverside sees");
    }

    private static boolean transactionEvent(WebhookReceiver.Received r) {
        return "transaction.created".equals(r.json().get("event").asText());
    }

    /**
     * The delivery log's statuses once no delivery is pending any more: the engine records a success
     * just after the receiver answered, so a receiver can hold the event a moment before the log says so.
     */
    private Set<String> pendingOrUndelivered() {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (true) {
            Set<String> statuses = new HashSet<>();
            control.get("/_sandbox/webhooks/deliveries?limit=100").json().get("data")
                    .forEach(d -> statuses.add(d.get("status").asText()));
            if (!statuses.contains("pending") || System.nanoTime() > deadline) {
                return statuses;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(20_000_000L);
        }
    }

    @Test
    void everyPathThatPostsATransactionSendsExactlyOneTransactionCreatedPerEndpointThatSeesIt() {
        Set<String> before = ledger().keySet();
        String operating = fixtures.riversideOperating();
        String payroll = fixtures.riversidePayroll();
        String harbor = fixtures.harborOperating();

        // an inbound ACH the clock accepts, one accepted by hand and then returned
        ok(control.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", operating, "amount", 10_000)), 201);
        String byHand = ok(control.post("/_sandbox/inbound-ach-transfers",
                Map.of("account_id", operating, "amount", 20_000)), 201).get("id").asText();
        ok(control.post("/_sandbox/inbound-ach-transfers/" + byHand + "/accept", Map.of()), 200);
        ok(control.post("/_sandbox/inbound-ach-transfers/" + byHand + "/return", Map.of("reason", "duplicate_entry")), 200);
        // a card payment, a book transfer (two postings), lockbox mail with a check, an ACH on another entity
        String card = ok(api.post("/v0/cards", cardBody(operating)), 201).get("id").asText();
        ok(control.post("/_sandbox/cards/" + card + "/authorizations",
                Map.of("amount", 1_000, "merchant_category_code", "5411")), 200);
        ok(api.post("/v0/book-transfer", Map.of("source_account_id", operating, "destination_account_id", payroll,
                "amount", 500)), 201);
        ok(control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail",
                Map.of("checks", List.of(Map.of("amount", 4_200)))), 201);
        ok(control.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", harbor, "amount", 7_700)), 201);
        // an outbound ACH (debited when sent) the receiving bank returns later; a deposited check returned
        String outbound = ok(api.post("/v0/ach-transfer", Map.of("source_account_id", operating,
                "destination_account_id", riversideExternalAccount(), "amount", 3_000)), 201)
                .at("/source/ach_transfer_intention/ach_transfer_id").asText();
        String check = ok(control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail",
                Map.of("checks", List.of(Map.of("amount", 6_100, "status", "submitted")))), 201).at("/checks/0/id").asText();
        ok(control.post("/_sandbox/check-deposits/" + check + "/return", Map.of()), 200);
        // the clock applies what fell due (the outbound ACH is submitted on the way)
        ok(control.post("/_sandbox/clock/advance", Map.of("by", "P2D")), 200);
        ok(control.post("/_sandbox/ach-transfers/" + outbound + "/return", Map.of()), 200);

        Map<String, JsonNode> ledger = ledger();
        Set<String> gained = new HashSet<>(ledger.keySet());
        gained.removeAll(before);
        assertThat(gained).hasSizeGreaterThanOrEqualTo(11);
        Set<String> riversideAccounts = Set.of(operating, payroll);
        long riversideCount = gained.stream().filter(id -> riversideAccounts.contains(ledger.get(id).get("account_id").asText())).count();

        List<WebhookReceiver.Received> toAll = all.await(gained.size(), WebhookEventsTest::transactionEvent, WITHIN);
        List<WebhookReceiver.Received> toOne = one.await((int) riversideCount, WebhookEventsTest::transactionEvent, WITHIN);
        List<String> allIds = new ArrayList<>();
        toAll.forEach(r -> allIds.add(r.json().get("transaction").get("id").asText()));
        assertThat(allIds).doesNotHaveDuplicates();
        assertThat(new HashSet<>(allIds)).isEqualTo(gained);
        Set<String> categories = new HashSet<>();
        toAll.forEach(r -> categories.add(r.json().at("/transaction/source/category").asText()));
        assertThat(categories).as("every kind of posting this test makes").contains("inbound_ach_transfer",
                "inbound_ach_transfer_return", "card_settlement", "check_deposit", "check_deposit_return",
                "ach_transfer_intention", "ach_transfer_return");
        // the one-entity key hears of its own accounts' transactions, never another entity's
        List<String> oneIds = new ArrayList<>();
        toOne.forEach(r -> oneIds.add(r.json().get("transaction").get("id").asText()));
        assertThat(oneIds).doesNotHaveDuplicates().hasSize((int) riversideCount);
        assertThat(oneIds).allSatisfy(id -> assertThat(riversideAccounts).contains(ledger.get(id).get("account_id").asText()));
        // the body's transaction is what GET /v0/transactions/{id} answers
        for (WebhookReceiver.Received received : toAll) {
            JsonNode transaction = received.json().get("transaction");
            JsonNode served = ok(api.get("/v0/transactions/" + transaction.get("id").asText()), 200);
            assertThat(transaction).isEqualTo(served);
            assertThat(received.json().get("occurred_at")).isEqualTo(transaction.get("occurred_at"));
            List<String> fields = new ArrayList<>();
            received.json().fieldNames().forEachRemaining(fields::add);
            assertThat(fields).containsExactly("event", "transaction", "occurred_at");
        }
        assertThat(pendingOrUndelivered()).containsOnly("delivered");
    }

    @Test
    void fixtureTransactionsAndReadsSendNothing() {
        ok(api.get("/v0/accounts"), 200);
        ok(api.post("/v0/cards", cardBody(fixtures.riversideOperating())), 201); // a card posts nothing
        assertThat(control.get("/_sandbox/webhooks/deliveries").json().get("data")).isEmpty();
        assertThat(all.received()).isEmpty();
    }

    @Test
    void onboardingAPracticeConnectsItToTheNamedKeysAndToEveryKeyThatSeesAll() {
        JsonNode entity = ok(control.post("/_sandbox/entities", Map.of("name", "Lakeview Pediatrics, LLC",
                "structure", "llc", "npi", "1234567893",
                "address", Map.of("line1", "1 Lake St", "line2", "", "city", "Austin", "state", "TX", "postalCode", "78701"),
                "accounts", List.of(Map.of("name", "Lakeview Operating", "opening_balance", 250_000)),
                "api_keys", List.of(ONE))), 201);
        String id = entity.get("id").asText();
        assertThat(ok(api.as(ONE).get("/v0/entities/" + id), 200)).isEqualTo(entity);

        for (WebhookReceiver receiver : List.of(all, one)) {
            List<WebhookReceiver.Received> connected = receiver.await(1,
                    r -> "entity.connected".equals(r.json().get("event").asText()), WITHIN);
            JsonNode body = connected.get(0).json();
            assertThat(body.get("entity")).isEqualTo(io.bankssandbox.internal.state.Json.MAPPER.valueToTree(Map.of("id", id, "name", "Lakeview Pediatrics, LLC",
                    "structure", "llc", "npi", "1234567893")));
            assertThat(body.get("occurred_at").asText()).isEqualTo(entity.get("created_at").asText());
            // the opening balance posts after the connection and is a transaction both keys see
            List<WebhookReceiver.Received> opening = receiver.await(1, WebhookEventsTest::transactionEvent, WITHIN);
            assertThat(opening.get(0).json().at("/transaction/amount").asLong()).isEqualTo(250_000);
            assertThat(opening.get(0).json().at("/transaction/source/category").asText()).isEqualTo("opening_balance");
        }
        // events reach each endpoint in the order they occurred
        assertThat(one.received().get(0).json().get("event").asText()).isEqualTo("entity.connected");
        // the new practice is a provider with a lockbox, and its account is visible through /v0
        assertThat(ok(api.as(ONE).get("/v0/entities/" + id + "/lockbox"), 200).get("recipient_name").asText())
                .isEqualTo("Lakeview Pediatrics, LLC");
        assertThat(ok(api.as(ONE).get("/v0/accounts?entity_id=" + id), 200).get("data")).hasSize(1);
    }

    @Test
    void connectingAnExistingEntitySendsEntityConnectedToThatKeyOnly() {
        String harbor = fixtures.harbor();
        ok(api.as(ONE).get("/v0/entities/" + fixtures.riverside()), 200);
        assertThat(api.as(ONE).get("/v0/entities/" + harbor).status()).isEqualTo(404);

        JsonNode connection = ok(control.post("/_sandbox/entities/" + harbor + "/connect", Map.of("api_key", ONE)), 200);
        assertThat(connection.get("api_key").asText()).isEqualTo(ONE);
        assertThat(ok(api.as(ONE).get("/v0/entities/" + harbor), 200).get("id").asText()).isEqualTo(harbor);

        List<WebhookReceiver.Received> connected = one.await(1, r -> true, WITHIN);
        assertThat(connected.get(0).json().at("/entity/id").asText()).isEqualTo(harbor);
        // the key that sees everything already saw it: nothing for it
        assertThat(control.get("/_sandbox/webhooks/deliveries?event=entity.connected").json().get("data")).hasSize(1);

        // now Harbor's transactions reach the one-entity key as well
        String transfer = ok(control.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", fixtures.harborOperating(),
                "amount", 3_300)), 201).get("id").asText();
        ok(control.post("/_sandbox/inbound-ach-transfers/" + transfer + "/accept", Map.of()), 200);
        List<WebhookReceiver.Received> posted = one.await(1, WebhookEventsTest::transactionEvent, WITHIN);
        assertThat(posted.get(0).json().at("/transaction/account_id").asText()).isEqualTo(fixtures.harborOperating());
    }

    @Test
    void connectingAKeyThatAlreadySeesTheEntityIsAConflictAndUnknownsAreRefused() {
        ApiClient.Response again = control.post("/_sandbox/entities/" + fixtures.riverside() + "/connect", Map.of("api_key", ONE));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("statusCode").asInt()).isEqualTo(409);
        assertThat(control.post("/_sandbox/entities/entity_nope/connect", Map.of("api_key", ONE)).status()).isEqualTo(404);
        ApiClient.Response unknownKey = control.post("/_sandbox/entities/" + fixtures.harbor() + "/connect",
                Map.of("api_key", "lm_key_nobody"));
        assertThat(unknownKey.status()).isEqualTo(400);
        assertThat(unknownKey.json().get("message").get(0).asText()).contains("lm_key_nobody");
        assertThat(control.get("/_sandbox/webhooks/deliveries").json().get("data")).isEmpty();
    }
}
