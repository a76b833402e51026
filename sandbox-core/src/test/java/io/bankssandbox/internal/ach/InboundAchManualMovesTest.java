package io.bankssandbox.internal.ach;

import static io.bankssandbox.internal.ach.InboundAchTransferListTest.assertBadRequest;
import static io.bankssandbox.internal.ach.InboundAchTransferListTest.assertNotFound;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Moving an inbound ACH transfer by hand: accept, decline and return, each only from the state it applies
 * to (else 409), with the balances and transactions each move makes.
 */
class InboundAchManualMovesTest extends InboundAchLifecycleTestBase {

    @Test
    void manualAcceptMovesBothBalancesAndTheClockDoesNotResolveItAgain() {
        String id = world.pending(125_000).get("id").asText();
        AchWorld.Balance before = world.balance(operating);
        ApiClient.Response response = world.move(id, "accept", Map.of());
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode accepted = response.json();
        assertThat(accepted.get("status").asText()).isEqualTo("accepted");
        assertThat(accepted.get("accepted_at").asText()).isEqualTo("2026-03-02T15:00:00.000Z");
        assertThat(accepted.get("transaction_id").asText()).startsWith("transaction_");
        assertThat(world.balance(operating)).isEqualTo(before.plus(125_000));

        // past its resolution time (15:40), before the next fixture transfer's (15:50)
        assertThat(events(world.advanceTo("2026-03-02T15:45:00Z"))).isEmpty();
        assertThat(world.balance(operating)).isEqualTo(before.plus(125_000));
        assertThat(world.transfer(id)).isEqualTo(accepted);
    }

    @Test
    void manualAcceptWithoutABodyWorks() {
        String id = world.pending(77_700).get("id").asText();
        ApiClient.Response response = world.api.send("POST", "/_sandbox/inbound-ach-transfers/" + id + "/accept", null,
                Map.of());
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().get("status").asText()).isEqualTo("accepted");
    }

    @Test
    void manualDeclineDefaultsToPaymentStoppedAndMovesNothing() {
        String id = world.pending(125_000).get("id").asText();
        AchWorld.Balance before = world.balance(operating);
        ApiClient.Response response = world.move(id, "decline", Map.of());
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().get("status").asText()).isEqualTo("declined");
        assertThat(response.json().get("declined").get("reason").asText()).isEqualTo("payment_stopped");
        assertThat(response.json().get("declined").get("declined_at").asText()).isEqualTo("2026-03-02T15:00:00.000Z");
        assertThat(world.balance(operating)).isEqualTo(before);
        assertThat(events(world.advance("PT1H"))).doesNotContain("inbound_ach_transfer.accepted " + id);
    }

    @Test
    void manualDeclineKeepsTheGivenReason() {
        String id = world.pending(-42_000).get("id").asText();
        ApiClient.Response response = world.move(id, "decline", Map.of("reason", "ach_route_disabled"));
        assertThat(response.json().get("declined").get("reason").asText()).isEqualTo("ach_route_disabled");
    }

    @Test
    void returnReversesTheBalanceMoveWithItsOwnTransaction() {
        String id = world.pending(125_000).get("id").asText();
        AchWorld.Balance before = world.balance(operating);
        JsonNode accepted = world.move(id, "accept", Map.of()).json();
        world.advance("PT5M");

        ApiClient.Response response = world.move(id, "return", Map.of("reason", "duplicate_entry"));
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode returned = response.json();
        assertThat(returned.get("status").asText()).isEqualTo("returned");
        assertThat(returned.get("transaction_id").asText()).isEqualTo(accepted.get("transaction_id").asText());
        assertThat(returned.get("accepted_at").asText()).isEqualTo(accepted.get("accepted_at").asText());
        assertThat(AchWorld.fieldNames(returned.get("returned")))
                .containsExactlyInAnyOrder("reason", "returned_at", "transaction_id");
        assertThat(returned.get("returned").get("reason").asText()).isEqualTo("duplicate_entry");
        assertThat(returned.get("returned").get("returned_at").asText()).isEqualTo("2026-03-02T15:05:00.000Z");
        assertThat(returned.get("returned").get("transaction_id").asText()).startsWith("transaction_")
                .isNotEqualTo(accepted.get("transaction_id").asText());
        assertThat(world.balance(operating)).isEqualTo(before);
    }

    @Test
    void returningADebitGivesTheMoneyBack() {
        String id = world.pending(-42_000).get("id").asText();
        AchWorld.Balance before = world.balance(operating);
        world.move(id, "accept", Map.of());
        assertThat(world.balance(operating)).isEqualTo(before.plus(-42_000));
        world.move(id, "return", Map.of("reason", "authorization_revoked_by_customer"));
        assertThat(world.balance(operating)).isEqualTo(before);
    }

    @Test
    void movesOutOfTheirStateAre409() {
        String id = world.pending(125_000).get("id").asText();
        assertConflict(world.move(id, "return", Map.of("reason", "duplicate_entry")),
                "Inbound ACH transfer " + id + " is pending; only a accepted transfer can be returned");
        world.move(id, "accept", Map.of());
        assertConflict(world.move(id, "accept", Map.of()),
                "Inbound ACH transfer " + id + " is accepted; only a pending transfer can be accepted");
        assertConflict(world.move(id, "decline", Map.of()),
                "Inbound ACH transfer " + id + " is accepted; only a pending transfer can be declined");
        world.move(id, "return", Map.of("reason", "duplicate_entry"));
        assertConflict(world.move(id, "return", Map.of("reason", "duplicate_entry")),
                "Inbound ACH transfer " + id + " is returned; only a accepted transfer can be returned");
        assertConflict(world.move(id, "accept", Map.of()),
                "Inbound ACH transfer " + id + " is returned; only a pending transfer can be accepted");

        String declined = world.pending(-42_000).get("id").asText();
        world.move(declined, "decline", Map.of());
        AchWorld.Balance before = world.balance(operating);
        assertConflict(world.move(declined, "accept", Map.of()),
                "Inbound ACH transfer " + declined + " is declined; only a pending transfer can be accepted");
        assertConflict(world.move(declined, "return", Map.of("reason", "duplicate_entry")),
                "Inbound ACH transfer " + declined + " is declined; only a accepted transfer can be returned");
        assertThat(world.balance(operating)).isEqualTo(before);
    }

    @Test
    void movingAnUnknownTransferIs404() {
        for (String verb : List.of("accept", "decline", "return")) {
            assertNotFound(world.move("inbound_ach_transfer_nope", verb,
                            verb.equals("accept") ? Map.of() : Map.of("reason", "duplicate_entry")),
                    "Inbound ACH transfer inbound_ach_transfer_nope not found");
        }
    }

    @Test
    void returnNeedsAReason() {
        String id = world.pending(125_000).get("id").asText();
        world.move(id, "accept", Map.of());
        assertBadRequest(world.move(id, "return", Map.of()), "reason should not be empty");
        assertThat(world.transfer(id).get("status").asText()).isEqualTo("accepted");
    }
}
