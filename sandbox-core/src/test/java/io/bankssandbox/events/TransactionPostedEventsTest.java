package io.bankssandbox.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.testing.ApiClient;
import io.bankssandbox.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The domain-event seam: every transaction the ledger gains is exactly one {@link TransactionPosted},
 * published after its write commits, whatever path posted it (a /v0 call, a control simulation, or
 * a transition the clock applies).
 */
class TransactionPostedEventsTest extends SandboxTestBase {
    private final List<DomainEvent> seen = Collections.synchronizedList(new ArrayList<>());
    private final List<Boolean> lockFreeAtDelivery = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    void subscribe() {
        sandbox.runtime().events().afterCommit(batch -> {
            seen.addAll(batch);
            // a reader must get in at once: the writer's lock is gone when subscribers hear of the change
            lockFreeAtDelivery.add(sandbox.runtime().state().read(s -> Boolean.TRUE));
        });
    }

    @BeforeEach
    void forget() {
        seen.clear();
    }

    private Set<String> ledger() {
        Set<String> ids = new HashSet<>();
        sandbox.exportState().get("transactions").forEach(t -> ids.add(t.get("id").asText()));
        return ids;
    }

    private List<String> postedIds() {
        List<String> ids = new ArrayList<>();
        synchronized (seen) {
            for (DomainEvent event : seen) {
                if (event instanceof TransactionPosted posted) {
                    ids.add(posted.transaction().id());
                }
            }
        }
        return ids;
    }

    private JsonNode ok(ApiClient.Response response, int status) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        return response.json();
    }

    @Test
    void everyPathThatPostsATransactionPublishesExactlyOneTransactionPosted() {
        Set<String> before = ledger();
        String operating = fixtures.riversideOperating();
        String payroll = fixtures.riversidePayroll();

        // an inbound ACH accepted by the clock, one accepted by hand and then returned
        ok(control.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", operating, "amount", 10_000)), 201);
        String byHand = ok(control.post("/_sandbox/inbound-ach-transfers",
                Map.of("account_id", operating, "amount", 20_000)), 201).get("id").asText();
        ok(control.post("/_sandbox/inbound-ach-transfers/" + byHand + "/accept", Map.of()), 200);
        ok(control.post("/_sandbox/inbound-ach-transfers/" + byHand + "/return",
                Map.of("reason", "duplicate_entry")), 200);
        // a card payment
        String card = ok(api.post("/v0/cards", cardBody(operating)), 201).get("id").asText();
        ok(control.post("/_sandbox/cards/" + card + "/authorizations",
                Map.of("amount", 1_000, "merchant_category_code", "5411")), 200);
        // a book transfer (two postings) and lockbox mail with a check
        ok(api.post("/v0/book-transfer", Map.of("source_account_id", operating,
                "destination_account_id", payroll, "amount", 500)), 201);
        ok(control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail",
                Map.of("checks", List.of(Map.of("amount", 4_200)))), 201);
        // the clock applies what fell due: the first ACH is accepted at its resolution time
        ok(control.post("/_sandbox/clock/advance", Map.of("by", "P2D")), 200);

        Set<String> gained = ledger();
        gained.removeAll(before);
        List<String> published = postedIds();
        assertThat(published).doesNotHaveDuplicates();
        assertThat(new HashSet<>(published)).isEqualTo(gained);
        assertThat(gained).hasSizeGreaterThanOrEqualTo(7);
        assertThat(lockFreeAtDelivery).containsOnly(true);
    }

    @Test
    void aRefusedWritePublishesNothing() {
        ApiClient.Response refused = control.post("/_sandbox/cards/card_unknown/authorizations",
                Map.of("amount", 1_000, "merchant_category_code", "5411"));
        assertThat(refused.status()).isEqualTo(404);
        assertThat(seen).isEmpty();
    }

    @Test
    void resetAndFixtureLoadingPublishNothing() {
        sandbox.reset();
        assertThat(seen).isEmpty();
    }
}
