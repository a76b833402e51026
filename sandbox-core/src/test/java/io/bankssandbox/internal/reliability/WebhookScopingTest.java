package io.bankssandbox.internal.reliability;

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
import org.junit.jupiter.api.Test;

/**
 * Per-key scoping of webhooks, as {@link ScopingTest} checks it for /v0: an endpoint of
 * {@code lm_key_sandbox_one} (it sees Riverside only) is sent a transaction on every account of
 * Riverside and on no other entity's, and no body it receives names another entity's data; the
 * endpoint of the key that sees every entity is sent all of them. Accounts are discovered, so
 * fixture data added later is covered.
 */
class WebhookScopingTest extends SandboxTestBase {
    private static final Duration WITHIN = Duration.ofSeconds(60);
    private WebhookReceiver ofAll;
    private WebhookReceiver ofOne;

    @BeforeAll
    void receivers() {
        ofAll = new WebhookReceiver();
        ofOne = new WebhookReceiver();
    }

    @AfterAll
    void stopReceivers() {
        ofAll.close();
        ofOne.close();
    }

    private static JsonNode ok(ApiClient.Response response, int status) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        return response.json();
    }

    private static boolean event(WebhookReceiver.Received r, String name) {
        return name.equals(r.json().get("event").asText());
    }

    @Test
    void anEndpointIsSentOnlyWhatItsKeySees() {
        ofAll.clear();
        ofOne.clear();
        ok(control.post("/_sandbox/webhooks", Map.of("url", ofAll.url(), "api_key", ALL)), 201);
        String endpointOfOne = ok(control.post("/_sandbox/webhooks", Map.of("url", ofOne.url(), "api_key", ONE)), 201)
                .get("id").asText();
        String riverside = riversideId();
        List<String> accounts = new ArrayList<>();
        state().get("accounts").forEach(a -> accounts.add(a.get("id").asText()));
        Set<String> riversideAccounts = new HashSet<>();
        for (String account : accounts) {
            String transfer = ok(control.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", account,
                    "amount", 3_100)), 201).get("id").asText();
            JsonNode accepted = ok(control.post("/_sandbox/inbound-ach-transfers/" + transfer + "/accept", Map.of()), 200);
            assertThat(accepted.get("transaction_id").isTextual()).isTrue();
            if (api.as(ONE).get("/v0/accounts/" + account).status() == 200) {
                riversideAccounts.add(account);
            }
        }
        // a practice onboarded for nobody in particular: only the key that sees every entity is connected to it
        String lakeview = ok(control.post("/_sandbox/entities", Map.of("name", "Lakeview Pediatrics, LLC",
                "structure", "llc", "npi", "1234567893",
                "address", Map.of("line1", "1 Lake St", "line2", "", "city", "Austin", "state", "TX", "postalCode", "78701"),
                "accounts", List.of(Map.of("name", "Lakeview Operating", "opening_balance", 90_000)),
                "api_keys", List.of())), 201).get("id").asText();
        JsonNode export = state();
        IdBook ids = IdBook.of(export);
        List<String> foreignAccounts = accounts.stream().filter(a -> !riversideAccounts.contains(a)).toList();
        assertThat(riversideAccounts).isNotEmpty();
        assertThat(foreignAccounts).as("fixtures with accounts of other entities").isNotEmpty();

        // the key that sees everything: every account's credit, the new practice and its opening balance
        List<WebhookReceiver.Received> toAll = ofAll.await(accounts.size() + 1, r -> event(r, "transaction.created"), WITHIN);
        assertThat(toAll).hasSize(accounts.size() + 1);
        assertThat(ofAll.await(1, r -> event(r, "entity.connected"), WITHIN)).singleElement()
                .satisfies(r -> assertThat(r.json().at("/entity/id").asText()).isEqualTo(lakeview));

        // the one-entity key: Riverside's accounts, each once; the log says its deliveries are all done
        ofOne.await(riversideAccounts.size(), r -> true, WITHIN);
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (control.get("/_sandbox/webhooks/deliveries?status=pending").json().get("data").size() > 0
                && System.nanoTime() < deadline) {
            sleep(10);
        }
        JsonNode logOfOne = control.get("/_sandbox/webhooks/deliveries?limit=100&endpoint_id=" + endpointOfOne).json();
        assertThat(logOfOne.get("data")).hasSize(riversideAccounts.size())
                .allSatisfy(d -> assertThat(d.get("status").asText()).isEqualTo("delivered"));
        List<WebhookReceiver.Received> toOne = ofOne.received();
        assertThat(toOne).hasSize(riversideAccounts.size()).allSatisfy(r -> {
            assertThat(r.json().get("event").asText()).isEqualTo("transaction.created");
            assertThat(riversideAccounts).contains(r.json().at("/transaction/account_id").asText());
            assertNotForeign(ids, riverside, r.json());
        });
        assertThat(toOne.stream().map(r -> r.json().at("/transaction/account_id").asText()).toList())
                .containsExactlyInAnyOrderElementsOf(riversideAccounts);
        // guards the check above against passing because nothing foreign was ever sent
        assertThat(toAll).anySatisfy(r -> assertThat(ids.foreignTo(r.json().at("/transaction/id").asText(), riverside))
                .isTrue());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void assertNotForeign(IdBook ids, String entity, JsonNode node) {
        if (node.isTextual() && IdBook.kindOf(node.asText()) != null) {
            assertThat(ids.foreignTo(node.asText(), entity))
                    .as("an endpoint of %s was sent %s, which belongs to %s", ONE, node.asText(), ids.owners(node.asText()))
                    .isFalse();
        }
        node.forEach(child -> assertNotForeign(ids, entity, child));
    }
}
