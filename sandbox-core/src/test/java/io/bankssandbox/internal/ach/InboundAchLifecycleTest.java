package io.bankssandbox.internal.ach;

import io.bankssandbox.InboundAchTransfer;

import static io.bankssandbox.internal.ach.InboundAchTransferListTest.assertBadRequest;
import static io.bankssandbox.internal.ach.InboundAchTransferListTest.assertNotFound;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Fixture clock: 2026-03-02T15:00:00.000Z. Pending fixture transfers resolve at 15:40, 15:50, 15:55, 16:58 and the next day. */
class InboundAchLifecycleTest extends InboundAchLifecycleTestBase {

    @Test
    void pendingCreditIsAcceptedWhenTheClockPassesItsResolutionTime() {
        JsonNode credit = world.pending(125_000);
        String id = credit.get("id").asText();
        assertThat(credit.get("automatically_resolves_at").asText()).isEqualTo("2026-03-02T15:40:00.000Z");
        AchWorld.Balance before = world.balance(operating);

        assertThat(events(world.advanceTo("2026-03-02T15:39:59Z"))).isEmpty();
        assertThat(world.transfer(id).get("status").asText()).isEqualTo("pending");

        assertThat(events(world.advance("PT1S"))).containsExactly("inbound_ach_transfer.accepted " + id);
        JsonNode accepted = world.transfer(id);
        assertThat(accepted.get("status").asText()).isEqualTo("accepted");
        assertThat(accepted.get("accepted_at").asText()).isEqualTo("2026-03-02T15:40:00.000Z");
        assertThat(accepted.get("settled_at").asText()).isEqualTo("2026-03-02T15:40:00.000Z");
        assertThat(accepted.get("transaction_id").asText()).startsWith("transaction_");
        assertThat(accepted.get("declined").isNull()).isTrue();
        assertThat(accepted.get("returned").isNull()).isTrue();
        assertThat(world.balance(operating)).isEqualTo(before.plus(125_000));
    }

    @Test
    void pendingDebitCoveredByTheAvailableBalanceIsAccepted() {
        String id = world.pending(-42_000).get("id").asText();
        AchWorld.Balance before = world.balance(operating);
        world.advanceTo("2026-03-02T15:50:00Z");
        JsonNode accepted = world.transfer(id);
        assertThat(accepted.get("status").asText()).isEqualTo("accepted");
        assertThat(accepted.get("transaction_id").asText()).startsWith("transaction_");
        assertThat(world.balance(operating)).isEqualTo(before.plus(125_000 - 42_000));
    }

    @Test
    void aDebitOfExactlyTheAvailableBalanceIsCoveredAndOneCentMoreIsNot() {
        long available = world.balance(harbor).available();
        // before 15:40, when the fixtures' first pending transfer resolves
        InboundAchTransfer oneCentMore = sandbox.inboundAch().simulate(InboundAchTransfer.Arrival
                .of(harbor, -(available + 1)).resolvingAt(Instant.parse("2026-03-02T15:05:00Z")));
        InboundAchTransfer exactly = sandbox.inboundAch().simulate(InboundAchTransfer.Arrival
                .of(harbor, -available).resolvingAt(Instant.parse("2026-03-02T15:10:00Z")));
        world.advanceTo("2026-03-02T15:10:00Z");
        JsonNode declined = world.transfer(oneCentMore.id());
        assertThat(declined.get("status").asText()).isEqualTo("declined");
        assertThat(declined.get("declined").get("reason").asText()).isEqualTo("insufficient_funds");
        assertThat(world.transfer(exactly.id()).get("status").asText()).isEqualTo("accepted");
        assertThat(world.balance(harbor).available()).isZero();
    }

    @Test
    void pendingDebitBeyondTheAvailableBalanceIsDeclinedForInsufficientFunds() {
        String id = world.pending(-900_000).get("id").asText();
        AchWorld.Balance before = world.balance(harbor);
        assertThat(before.available()).isLessThan(900_000);
        world.advanceTo("2026-03-02T15:55:00Z");
        JsonNode declined = world.transfer(id);
        assertThat(declined.get("status").asText()).isEqualTo("declined");
        assertThat(declined.get("declined").get("reason").asText()).isEqualTo("insufficient_funds");
        assertThat(declined.get("declined").get("declined_at").asText()).isEqualTo("2026-03-02T15:55:00.000Z");
        assertThat(declined.get("transaction_id").isNull()).isTrue();
        assertThat(declined.get("accepted_at").isNull()).isTrue();
        assertThat(world.balance(harbor)).isEqualTo(before);
    }

    @Test
    void forcedDeclineWinsOverAutomaticAcceptanceOfACredit() {
        String id = world.pending(77_700).get("id").asText();
        AchWorld.Balance before = world.balance(lakeside);
        world.advanceTo("2026-03-02T16:58:00Z");
        JsonNode declined = world.transfer(id);
        assertThat(declined.get("status").asText()).isEqualTo("declined");
        assertThat(declined.get("declined").get("reason").asText()).isEqualTo("payment_stopped");
        assertThat(world.balance(lakeside)).isEqualTo(before);
    }

    @Test
    void forcedAcceptanceWinsOverInsufficientFunds() {
        AchWorld.Balance before = world.balance(harbor);
        JsonNode debit = world.simulate(Map.of("account_id", harbor, "amount", -(before.available() + 500),
                "resolves_to", "accepted"));
        world.advance("PT1H");
        assertThat(world.transfer(debit.get("id").asText()).get("status").asText()).isEqualTo("accepted");
        assertThat(world.balance(harbor)).isEqualTo(before.plus(-(before.available() + 500)));
        assertThat(world.balance(harbor).available()).isEqualTo(-500);
    }

    @Test
    void forcedDeclineUsesTheGivenReason() {
        JsonNode credit = world.simulate(Map.of("account_id", lakeside, "amount", 5_000, "resolves_to", "declined",
                "decline_reason", "account_closed"));
        assertThat(events(world.advance("PT1H"))).contains("inbound_ach_transfer.declined " + credit.get("id").asText());
        assertThat(world.transfer(credit.get("id").asText()).get("declined").get("reason").asText())
                .isEqualTo("account_closed");
    }

    @Test
    void advancingReportsEveryResolutionInTimeOrder() {
        String credit = world.pending(125_000).get("id").asText();
        String covered = world.pending(-42_000).get("id").asText();
        String uncovered = world.pending(-900_000).get("id").asText();
        String forced = world.pending(77_700).get("id").asText();
        String tomorrow = world.pending(220_000).get("id").asText();

        assertThat(events(world.advance("PT2H"))).containsExactly(
                "inbound_ach_transfer.accepted " + credit,
                "inbound_ach_transfer.accepted " + covered,
                "inbound_ach_transfer.declined " + uncovered,
                "inbound_ach_transfer.declined " + forced);
        assertThat(world.transfer(tomorrow).get("status").asText()).isEqualTo("pending");
        // the fixtures' ERA sent ahead of its money: its ACH credit arrives at 07:00 and is accepted at 08:00
        List<String> nextDay = events(world.advance("P1D"));
        assertThat(nextDay).hasSize(3);
        String ahead = nextDay.get(0).substring("inbound_ach_transfer.created ".length());
        assertThat(nextDay).containsExactly("inbound_ach_transfer.created " + ahead,
                "inbound_ach_transfer.accepted " + ahead, "inbound_ach_transfer.accepted " + tomorrow);
        assertThat(events(world.advance("P1D"))).isEmpty();
    }

    @Test
    void simulatedTransferArrivesPendingAndResolvesAnHourLater() {
        Map<String, Object> body = new HashMap<>();
        body.put("account_id", lakeside);
        body.put("amount", 12_345);
        JsonNode created = world.simulate(body);
        assertThat(created.get("id").asText()).startsWith("inbound_ach_transfer_");
        assertThat(created.get("status").asText()).isEqualTo("pending");
        assertThat(created.get("account_id").asText()).isEqualTo(lakeside);
        assertThat(created.get("amount").asLong()).isEqualTo(12_345);
        assertThat(created.get("automatically_resolves_at").asText()).isEqualTo("2026-03-02T16:00:00.000Z");
        assertThat(created.get("effective_date").asText()).isEqualTo("2026-03-02");
        assertThat(created.get("trace_number").asText()).matches("\\d{15}");
        assertThat(created.get("standard_entry_class_code").asText()).isEqualTo("CCD");
        assertThat(created.get("transaction_id").isNull()).isTrue();
        assertThat(created.has("addenda")).isFalse();
        assertThat(world.transfer(created.get("id").asText())).isEqualTo(created);

        AchWorld.Balance before = world.balance(lakeside);
        world.advance("PT59M");
        assertThat(world.transfer(created.get("id").asText()).get("status").asText()).isEqualTo("pending");
        assertThat(events(world.advance("PT1M"))).contains("inbound_ach_transfer.accepted " + created.get("id").asText());
        assertThat(world.balance(lakeside)).isEqualTo(before.plus(12_345));
    }

    @Test
    void simulatedTransferKeepsEveryFieldItWasGiven() {
        Map<String, Object> body = new HashMap<>();
        body.put("account_id", lakeside);
        body.put("amount", -2_500);
        body.put("originator_company_name", "CARDINAL HEALTH");
        body.put("originator_company_entry_description", "SUPPLIES");
        body.put("standard_entry_class_code", "PPD");
        body.put("addenda", List.of("RMR*IV*INV-1**25.00~"));
        body.put("automatically_resolves_at", "2026-03-04T09:30:00Z");
        body.put("effective_date", "2026-03-03");
        body.put("trace_number", "091000010000042");
        JsonNode created = world.simulate(body);
        assertThat(created.get("originator_company_name").asText()).isEqualTo("CARDINAL HEALTH");
        assertThat(created.get("originator_company_entry_description").asText()).isEqualTo("SUPPLIES");
        assertThat(created.get("standard_entry_class_code").asText()).isEqualTo("PPD");
        assertThat(created.get("addenda").get(0).asText()).isEqualTo("RMR*IV*INV-1**25.00~");
        assertThat(created.get("automatically_resolves_at").asText()).isEqualTo("2026-03-04T09:30:00.000Z");
        assertThat(created.get("effective_date").asText()).isEqualTo("2026-03-03");
        assertThat(created.get("trace_number").asText()).isEqualTo("091000010000042");
    }

    @Test
    void transferDueNowResolvesBeforeTheAnswer() {
        JsonNode created = world.simulate(Map.of("account_id", lakeside, "amount", 100,
                "automatically_resolves_at", "2026-03-02T15:00:00Z"));
        assertThat(created.get("status").asText()).isEqualTo("accepted");
    }

    @Test
    void invalidSimulationsAre400AndCreateNothing() {
        int before = AchWorld.walk(world.api, "", 100).size();
        assertBadRequest(world.api.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", lakeside, "amount", 0)),
                "amount must be a non-zero integer number of cents (positive credits the account, negative debits it), at most 100000000000 either way");
        assertBadRequest(world.api.post("/_sandbox/inbound-ach-transfers", Map.of("amount", 10)),
                "account_id should not be empty");
        assertBadRequest(world.api.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", lakeside, "amount", 10,
                "decline_reason", "payment_stopped")), "decline_reason is only allowed together with resolves_to declined");
        assertBadRequest(world.api.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", lakeside, "amount", 10,
                "automatically_resolves_at", "2026-03-02T14:59:59Z")),
                "automatically_resolves_at must not be before the sandbox's current time 2026-03-02T15:00:00.000Z");
        assertBadRequest(world.api.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", lakeside, "amount", 10,
                "colour", "blue")), "property colour should not exist");
        assertBadRequest(world.api.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", lakeside, "amount", 10,
                "resolves_to", "returned")), "resolves_to must be one of the following values: accepted, declined");
        assertBadRequest(world.api.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", lakeside, "amount", 10,
                "trace_number", "12345")), "trace_number must be 15 digits");
        assertBadRequest(world.api.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", lakeside, "amount", 10,
                "effective_date", "2026-02-30")), "effective_date must be a date such as 2026-03-02");
        assertNotFound(world.api.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", "account_nope", "amount", 10)),
                "Account account_nope not found");
        assertThat(AchWorld.walk(world.api, "", 100)).hasSize(before);
    }
}
