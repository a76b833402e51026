package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.events.StatusChanged;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every move a record can make (each type {@code clock().awaitEvent} waits for, and an advance reports
 * when its transition makes it) is a constant of {@link ClockEvent}, and every constant is a move: one
 * story makes each move there is, through the handle and the API, and the types seen are exactly the
 * constants.
 */
class ClockEventTypesTest extends SandboxTestBase {

    private JsonNode ok(ApiClient.Response response) {
        assertThat(response.status()).as(response.toString()).isBetween(200, 201);
        return response.json();
    }

    @Test
    void theConstantsAreExactlyTheMovesThereAre() throws Exception {
        Set<String> seen = java.util.Collections.synchronizedSet(new TreeSet<>());
        SandboxInternals.runtime(started).events().afterCommit(batch -> batch.forEach(event -> {
            if (event instanceof StatusChanged move) {
                seen.add(move.type());
            }
        }));
        Account operating = sandbox.accounts().named("Riverside Operating");

        // inbound ACH: created, accepted (by the clock), returned; declined
        InboundAchTransfer credit = sandbox.inboundAch().simulate(operating.id(), 10_00);
        sandbox.clock().advance(Duration.ofHours(1));
        sandbox.inboundAch().returnTransfer(credit.id(), "duplicate_entry");
        sandbox.inboundAch().decline(sandbox.inboundAch().simulate(operating.id(), 5_00).id());

        // outbound ACH: created, approved (over the threshold), submitted and settled by the clock, returned;
        // canceled; rejected
        String recipient = ok(api.post("/v0/external-accounts", Map.of("entity_id", operating.entityId(),
                "nickname", "Supplier", "holder_type", "business", "holder_name", "Acme Supplies",
                "holder_address", Map.of("line1", "1 Main St", "city", "Springfield", "state", "IL",
                        "postal_code", "62701", "country", "US"),
                "routing_number", "021000021", "account_number", "123456789"))).get("id").asText();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(operating.id(), 200_000_00).id());
        String large = achTransfer(operating.id(), recipient, 150_000_00);
        sandbox.achTransfers().approve(large);
        sandbox.clock().advance(Duration.ofDays(4));
        sandbox.achTransfers().returnTransfer(large, "insufficient_funds");
        sandbox.achTransfers().cancel(achTransfer(operating.id(), recipient, 1_00));
        sandbox.achTransfers().reject(achTransfer(operating.id(), recipient, 1_00));
        sandbox.externalAccounts().archive(recipient);

        // lockbox: mail, a pending check submitted, its hold released by the clock, then returned
        String riverside = operating.entityId();
        MailItem mail = sandbox.lockbox().receiveMail(riverside, MailItem.Incoming.of(MailItem.IncomingCheck.pending(75_00)));
        sandbox.checkDeposits().submit(mail.checks().get(0).id());
        sandbox.clock().advance(Duration.ofDays(2));
        sandbox.checkDeposits().returnDeposit(mail.checks().get(0).id(), null);

        // an ERA on its way is received when the clock passes its time
        sandbox.insurancePayments().receive(InsurancePayment.into(operating.id()).from("AETNA", "60054")
                .claim(InsurancePayment.claim("PCN-T", 10_00, 10_00)).eraDelay(Duration.ofHours(1)));
        sandbox.clock().advance(Duration.ofHours(3));

        // cards: created, canceled; holds created, settled, reversed, expired by the clock
        String card = ok(api.post("/v0/cards", cardBody(operating.id()))).get("id").asText();
        sandbox.cards().settle(sandbox.cards().authorize(card, CardPayment.of(1_00, "5411").held()).authorization().id());
        sandbox.cards().reverse(sandbox.cards().authorize(card, CardPayment.of(1_00, "5411").held()).authorization().id());
        sandbox.cards().authorize(card, CardPayment.of(1_00, "5411").held());
        sandbox.clock().advance(Duration.ofDays(8));
        ok(api.delete("/v0/cards/" + card));

        assertThat(seen).isEqualTo(WireWordsTest.constants(ClockEvent.class));
    }

    private String achTransfer(String from, String to, long amount) {
        return ok(api.post("/v0/ach-transfer", Map.of("source_account_id", from, "destination_account_id", to,
                "amount", amount))).at("/source/ach_transfer_intention/ach_transfer_id").asText();
    }
}
