package io.bankssandbox.internal.events;

import io.bankssandbox.SandboxInternals;

import io.bankssandbox.internal.cards.CardIssued;
import io.bankssandbox.internal.accounts.TransactionPosted;
import io.bankssandbox.internal.transfers.BookTransferCompleted;
import io.bankssandbox.internal.era.EraChanged;
import io.bankssandbox.internal.cards.CardCanceled;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every change a user could observe is a typed domain event, published by the domain once its write
 * commits, whoever asked for the change; the clock's advance reports exactly the moves its
 * transitions published.
 */
class DomainEventsTest extends SandboxTestBase {
    private final List<DomainEvent> seen = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    void subscribe() {
        SandboxInternals.runtime(started).events().afterCommit(seen::addAll);
    }

    @BeforeEach
    void forget() {
        seen.clear();
    }

    private JsonNode ok(ApiClient.Response response, int status) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        return response.json();
    }

    private List<String> moves() {
        List<String> moves = new ArrayList<>();
        synchronized (seen) {
            for (DomainEvent event : seen) {
                if (event instanceof StatusChanged move) {
                    moves.add(move.type() + " " + move.id());
                }
            }
        }
        return moves;
    }

    @Test
    void cardIssuedAndCanceledAreEventsOfTheCardAsStored() {
        String card = ok(api.post("/v0/cards", cardBody(fixtures.riversideOperating())), 201).get("id").asText();
        ok(api.delete("/v0/cards/" + card), 200);
        ok(api.delete("/v0/cards/" + card), 200); // canceling again changes nothing: no event

        assertThat(moves()).containsExactly("card.created " + card, "card.canceled " + card);
        assertThat(seen).first().isInstanceOfSatisfying(CardIssued.class,
                issued -> assertThat(issued.card().status()).isEqualTo("active"));
        assertThat(seen).last().isInstanceOfSatisfying(CardCanceled.class,
                canceled -> assertThat(canceled.occurredAt()).isEqualTo(sandbox.clock().now()));
    }

    @Test
    void externalAccountCreatedAndArchivedAreEvents() {
        String id = ok(api.post("/v0/external-accounts", Map.of("entity_id", fixtures.riverside(),
                "nickname", "Supplier", "holder_type", "business", "holder_name", "Acme Supplies",
                "holder_address", Map.of("line1", "1 Main St", "city", "Springfield", "state", "IL",
                        "postal_code", "62701", "country", "US"),
                "routing_number", "021000021", "account_number", "123456789")), 201).get("id").asText();
        sandbox.externalAccounts().archive(id);

        assertThat(moves()).containsExactly("external_account.created " + id, "external_account.archived " + id);
    }

    @Test
    void anInboundAchTransferIsAnEventAtEachMoveIncludingItsReturnAndTheClockReportsItsOwn() {
        String id = ok(control.post("/_sandbox/inbound-ach-transfers",
                Map.of("account_id", fixtures.riversideOperating(), "amount", 2_500)), 201).get("id").asText();
        assertThat(moves()).containsExactly("inbound_ach_transfer.created " + id);
        seen.clear();

        JsonNode advanced = ok(control.post("/_sandbox/clock/advance", Map.of("by", "PT1H")), 200);

        // the advance lists exactly the moves the clock's transitions published, in order
        List<String> reported = new ArrayList<>();
        advanced.get("events").forEach(e -> reported.add(e.get("type").asText() + " " + e.get("id").asText()));
        assertThat(reported).contains("inbound_ach_transfer.accepted " + id).isEqualTo(moves());
        assertThat(seen).anyMatch(e -> e instanceof TransactionPosted posted
                && posted.transaction().sourceId().equals(id));
        seen.clear();

        sandbox.inboundAch().returnTransfer(id, "unauthorized_debit");
        assertThat(moves()).containsExactly("inbound_ach_transfer.returned " + id);
    }

    @Test
    void mailAndItsCheckDepositsAreEventsAndAHoldReleaseIsReportedByTheClock() {
        JsonNode mail = ok(control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail",
                Map.of("checks", List.of(Map.of("amount", 4_200), Map.of("amount", 900, "status", "pending")))), 201);
        String submitted = mail.get("checks").get(0).get("id").asText();
        String pending = mail.get("checks").get(1).get("id").asText();
        sandbox.checkDeposits().submit(pending);
        assertThat(moves()).containsExactly("inbound_mail_item.created " + mail.get("id").asText(),
                "check_deposit.submitted " + pending);
        seen.clear();

        JsonNode advanced = ok(control.post("/_sandbox/clock/advance", Map.of("by", "P1D")), 200);

        assertThat(moves()).contains("check_deposit.hold_released " + submitted,
                "check_deposit.hold_released " + pending);
        List<String> reported = new ArrayList<>();
        advanced.get("events").forEach(e -> reported.add(e.get("type").asText() + " " + e.get("id").asText()));
        assertThat(reported).isEqualTo(moves());
    }

    @Test
    void anOutboundAchTransferIsAnEventAtEachMove() {
        String recipient = activeExternalAccountOfRiverside();
        String id = ok(api.post("/v0/ach-transfer", Map.of("source_account_id", fixtures.riversideOperating(),
                "destination_account_id", recipient, "amount", 700)), 201)
                .at("/source/ach_transfer_intention/ach_transfer_id").asText();
        ok(control.post("/_sandbox/clock/advance", Map.of("by", "P3D")), 200);
        assertThat(sandbox.achTransfers().returnTransfer(id, null).status()).isEqualTo("returned");

        assertThat(moves()).filteredOn(move -> move.endsWith(id)).containsExactly("ach_transfer.created " + id,
                "ach_transfer.submitted " + id, "ach_transfer.settled " + id, "ach_transfer.returned " + id);
    }

    @Test
    void aBookTransferAndAnAchTransfersApprovalRejectionAndCancellationAreEventsAndTheTypedHandleAnswersTheMove() {
        String source = fixtures.riversideOperating();
        String book = ok(api.post("/v0/book-transfer", Map.of("source_account_id", source,
                "destination_account_id", fixtures.riversidePayroll(), "amount", 100)), 201).get("id").asText();
        assertThat(seen).anyMatch(e -> e instanceof BookTransferCompleted done && done.transfer().id().equals(book));

        String funding = sandbox.inboundAch().simulate(source, 10_000_001).id();
        sandbox.inboundAch().accept(funding);
        String recipient = activeExternalAccountOfRiverside();
        List<String> ids = new ArrayList<>();
        for (long amount : List.of(10_000_001L, 600L, 700L)) {
            ids.add(ok(api.post("/v0/ach-transfer", Map.of("source_account_id", source, "destination_account_id",
                    recipient, "amount", amount)), 201).at("/source/ach_transfer_intention/ach_transfer_id").asText());
        }
        seen.clear();
        assertThat(sandbox.achTransfers().approve(ids.get(0)).status()).isEqualTo("pending");
        assertThat(sandbox.achTransfers().reject(ids.get(1)).status()).isEqualTo("rejected");
        assertThat(sandbox.achTransfers().cancel(ids.get(2)).status()).isEqualTo("canceled");

        assertThat(moves()).containsExactly("ach_transfer.approved " + ids.get(0), "ach_transfer.rejected " + ids.get(1),
                "ach_transfer.canceled " + ids.get(2));
    }

    @Test
    void anInsurancePaymentIsAnEraEventAndItsSettlementPaysTheEra() {
        JsonNode payment = ok(control.post("/_sandbox/insurance-payments", Map.of(
                "account_id", fixtures.riversideOperating(), "payer", Map.of("name", "ACME HEALTH PLAN", "id", "12345"),
                "claims", List.of(Map.of("patient_control_number", "PCN-9", "charged_amount", 5_000,
                        "paid_amount", 5_000)))), 201);
        String era = payment.at("/era/id").asText();
        ok(control.post("/_sandbox/inbound-ach-transfers/" + payment.at("/inbound_ach_transfer/id").asText()
                + "/accept", Map.of()), 200);

        List<String> eraEvents = new ArrayList<>();
        synchronized (seen) {
            for (DomainEvent event : seen) {
                if (event instanceof EraChanged changed) {
                    eraEvents.add(changed.type() + " " + changed.era().id());
                }
            }
        }
        assertThat(eraEvents).containsExactly("era.created " + era, "era.paid " + era);
    }

    private String activeExternalAccountOfRiverside() {
        String recipient = null;
        for (JsonNode account : sandbox.exportState().get("external_accounts")) {
            if (account.get("entity_id").asText().equals(fixtures.riverside())
                    && "active".equals(account.get("status").asText())) {
                recipient = account.get("id").asText();
            }
        }
        return recipient;
    }
}
