package io.bankssandbox.internal.events;

import io.bankssandbox.SandboxInternals;

import io.bankssandbox.internal.accounts.TransactionPosted;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
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
        SandboxInternals.runtime(sandbox).events().afterCommit(batch -> {
            seen.addAll(batch);
            // a reader must get in at once: the writer's lock is gone when subscribers hear of the change
            lockFreeAtDelivery.add(SandboxInternals.runtime(sandbox).state().read(s -> Boolean.TRUE));
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

    /** An active external account of Riverside, for outbound ACH transfers. */
    private String riversideRecipient() {
        for (JsonNode account : sandbox.exportState().get("external_accounts")) {
            if (account.get("entity_id").asText().equals(fixtures.riverside())
                    && "active".equals(account.get("status").asText())) {
                return account.get("id").asText();
            }
        }
        throw new AssertionError("no active external account of Riverside in the fixtures");
    }

    private String sendAch(String account, String recipient, long amount) {
        return ok(api.post("/v0/ach-transfer", Map.of("source_account_id", account,
                "destination_account_id", recipient, "amount", amount)), 201)
                .at("/source/ach_transfer_intention/ach_transfer_id").asText();
    }

    /** Mails one check of {@code status} to Riverside; answers the check deposit's id. */
    private String mailCheck(long amount, String status) {
        return ok(control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail",
                Map.of("checks", List.of(Map.of("amount", amount, "status", status)))), 201)
                .get("checks").get(0).get("id").asText();
    }

    @Test
    void everyPathThatPostsATransactionPublishesExactlyOneTransactionPosted() {
        Set<String> before = ledger();
        String operating = fixtures.riversideOperating();
        String payroll = fixtures.riversidePayroll();
        String recipient = riversideRecipient();

        // inbound ACH: one accepted by the clock, one accepted by hand and then returned
        ok(control.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", operating, "amount", 10_000)), 201);
        String byHand = ok(control.post("/_sandbox/inbound-ach-transfers",
                Map.of("account_id", operating, "amount", 20_000)), 201).get("id").asText();
        ok(control.post("/_sandbox/inbound-ach-transfers/" + byHand + "/accept", Map.of()), 200);
        ok(control.post("/_sandbox/inbound-ach-transfers/" + byHand + "/return",
                Map.of("reason", "duplicate_entry")), 200);
        // an insurance payment: its ACH credit posts when the clock accepts it
        ok(control.post("/_sandbox/insurance-payments", Map.of("account_id", operating,
                "payer", Map.of("name", "ACME HEALTH PLAN", "id", "12345"),
                "claims", List.of(Map.of("patient_control_number", "PCN-1", "charged_amount", 9_900,
                        "paid_amount", 9_900)))), 201);
        // a card payment
        String card = ok(api.post("/v0/cards", cardBody(operating)), 201).get("id").asText();
        ok(control.post("/_sandbox/cards/" + card + "/authorizations",
                Map.of("amount", 1_000, "merchant_category_code", "5411")), 200);
        // a book transfer (two postings)
        ok(api.post("/v0/book-transfer", Map.of("source_account_id", operating,
                "destination_account_id", payroll, "amount", 500)), 201);
        // outbound ACH: sent (one posting each), then rejected, canceled, and one returned after submission
        ok(control.post("/_sandbox/ach-transfers/" + sendAch(operating, recipient, 300) + "/reject", Map.of()), 200);
        ok(control.post("/_sandbox/ach-transfers/" + sendAch(operating, recipient, 400) + "/cancel", Map.of()), 200);
        String returned = sendAch(operating, recipient, 600);
        // lockbox: a submitted check posts on arrival; a pending one when submitted; a submitted one returned
        mailCheck(4_200, "submitted");
        ok(control.post("/_sandbox/check-deposits/" + mailCheck(1_300, "pending") + "/submit", Map.of()), 200);
        ok(control.post("/_sandbox/check-deposits/" + mailCheck(2_100, "submitted") + "/return",
                Map.of("reason", "stop_payment")), 200);
        // the clock applies what fell due: ACH credits accepted, the outbound transfer submitted
        ok(control.post("/_sandbox/clock/advance", Map.of("by", "P2D")), 200);
        ok(control.post("/_sandbox/ach-transfers/" + returned + "/return", Map.of()), 200);

        Set<String> gained = ledger();
        gained.removeAll(before);
        List<String> published = postedIds();
        assertThat(published).doesNotHaveDuplicates();
        assertThat(new HashSet<>(published)).isEqualTo(gained);
        Map<String, Long> byCategory = new java.util.TreeMap<>();
        for (JsonNode transaction : sandbox.exportState().get("transactions")) {
            if (gained.contains(transaction.get("id").asText())) {
                byCategory.merge(transaction.get("source_category").asText(), 1L, Long::sum);
            }
        }
        // every way a transaction posts (the fixture set's own pending transfers resolve on the way too)
        assertThat(byCategory).containsKeys("inbound_ach_transfer", "inbound_ach_transfer_return",
                "card_settlement", "internal_transfer", "ach_transfer_intention", "ach_transfer_rejection",
                "ach_transfer_return", "check_deposit", "check_deposit_return");
        assertThat(gained).hasSizeGreaterThanOrEqualTo(17);
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
