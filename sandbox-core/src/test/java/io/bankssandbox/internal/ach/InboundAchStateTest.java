package io.bankssandbox.internal.ach;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.ClockMode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.Await;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Pending transfers and unpaid ERAs survive export, import and reset with their schedule. */
class InboundAchStateTest extends SandboxTestBase {
    private AchWorld world;

    @BeforeAll
    void prepare() {
        world = new AchWorld(sandbox);
    }

    private JsonNode exported(String collection, String id) {
        for (JsonNode row : world.api.get("/_sandbox/state").json().get(collection)) {
            if (row.get("id").asText().equals(id)) {
                return row;
            }
        }
        throw new AssertionError(id + " not exported");
    }

    @Test
    void forcedOutcomeAppearsInTheStateExportButNotInTheApi() {
        String lakeside = world.accountId(AchWorld.LAKESIDE_OPERATING);
        JsonNode created = world.simulate(Map.of("account_id", lakeside, "amount", 700, "resolves_to", "declined",
                "decline_reason", "account_frozen"));
        assertThat(created.has("resolves_to")).isFalse();
        assertThat(created.has("decline_reason")).isFalse();
        assertThat(created.has("created_at")).isFalse();
        JsonNode stored = exported("inbound_ach_transfers", created.get("id").asText());
        assertThat(stored.get("resolves_to").asText()).isEqualTo("declined");
        assertThat(stored.get("decline_reason").asText()).isEqualTo("account_frozen");
        assertThat(stored.get("created_at").asText()).isEqualTo("2026-03-02T15:00:00.000Z");
    }

    @Test
    void importedPendingTransfersStillResolveAndTheirErasStillLink() {
        String operating = world.accountId(AchWorld.RIVERSIDE_OPERATING);
        JsonNode payment = world.api.post("/_sandbox/insurance-payments", Map.of(
                "account_id", operating,
                "payer", Map.of("name", "AETNA", "id", "1066033492"),
                "claims", List.of(Map.of("patient_control_number", "PCN-1", "charged_amount", 1_000,
                        "paid_amount", 800, "adjustments", List.of(Map.of("group", "CO", "reason_code", "45",
                                "amount", 200)))))).json();
        String achId = payment.get("inbound_ach_transfer").get("id").asText();
        JsonNode state = world.api.get("/_sandbox/state").json();

        world.advance("PT3H"); // resolves it here ...
        ApiClient.Response imported = world.api.put("/_sandbox/state", state);
        assertThat(imported.status()).as(imported.toString()).isEqualTo(200);
        assertThat(world.transfer(achId).get("status").asText()).isEqualTo("pending"); // ... and the import undoes it

        List<String> events = world.advance("PT1H").stream().map(e -> e.get("type").asText() + " " + e.get("id").asText()).toList();
        assertThat(events).contains("inbound_ach_transfer.accepted " + achId);
        String transactionId = world.transfer(achId).get("transaction_id").asText();
        JsonNode era = world.api.get("/v0/transactions/" + transactionId + "/era").json();
        assertThat(era.get("id").asText()).isEqualTo(payment.get("era").get("id").asText());
    }

    @Test
    void resetForgetsSimulatedTransfersAndRestoresTheFixtureSchedule() {
        String lakeside = world.accountId(AchWorld.LAKESIDE_OPERATING);
        AchWorld.Balance before = world.balance(lakeside);
        String id = world.simulate(Map.of("account_id", lakeside, "amount", 700)).get("id").asText();
        world.advance("PT2H");
        sandbox.reset();
        assertThat(world.api.get("/v0/inbound-ach-transfers/" + id).status()).isEqualTo(404);
        assertThat(world.balance(lakeside)).isEqualTo(before);
        String credit = world.pending(125_000).get("id").asText();
        assertThat(world.advance("PT1H").stream().map(e -> e.get("id").asText()).toList()).contains(credit);
    }

    @Test
    void runningClockResolvesAPendingTransferAtItsDueTimeBeforeTheNextRequest() {
        Instant due = Instant.parse("2026-03-02T15:40:00.000Z");
        SandboxConfig config = SandboxConfig.builder().clockMode(ClockMode.RUNNING)
                .start(Instant.parse("2026-03-02T15:39:59.500Z")).build();
        try (Sandbox running = Sandbox.start(config)) {
            AchWorld here = new AchWorld(running);
            String credit = null;
            // read from the export, which serves no request, so the lookup cannot race the clock
            for (JsonNode t : running.exportState().get("inbound_ach_transfers")) {
                if (t.get("status").asText().equals("pending") && t.get("amount").asLong() == 125_000) {
                    credit = t.get("id").asText();
                }
            }
            assertThat(credit).isNotNull();
            // the next request comes once the running clock has passed the due time (read directly, no request)
            Await.until("the running clock to reach " + due, Duration.ofSeconds(60), running.clock()::now, now -> now.isAfter(due));
            JsonNode resolved = here.transfer(credit);
            assertThat(resolved.get("status").asText()).isEqualTo("accepted");
            // stamped with the time the service would have acted, not the time of the request
            assertThat(resolved.get("accepted_at").asText()).isEqualTo("2026-03-02T15:40:00.000Z");
        }
    }
}
