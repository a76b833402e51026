package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.InsurancePayment;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxException;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an insurance payment still waits for is state like any other: a fixture set, an imported state
 * and the state file can hold an ERA on its way or sent ahead of its money, the clock brings the
 * missing half when it passes its time (with its clock event), and a loaded ERA meets the rules a
 * created one meets, named by file, pointer and rule.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DelayedRemittanceOnLoadTest {
    private static final String KEY = "lm_key_sandbox_all";
    private Sandbox sandbox;

    @TempDir
    Path temp;

    @BeforeAll
    void start() {
        sandbox = Sandbox.start();
    }

    @AfterAll
    void stop() {
        sandbox.close();
    }

    private ArrayNode eras() {
        return (ArrayNode) sandbox.exportState().get("eras").deepCopy();
    }

    private static ObjectNode withCheckNumber(ArrayNode eras, String checkNumber) {
        for (JsonNode era : eras) {
            if (era.at("/payment/check_number").asText().equals(checkNumber)) {
                return (ObjectNode) era;
            }
        }
        throw new AssertionError("no fixture ERA with check number " + checkNumber);
    }

    private static int indexOf(ArrayNode eras, JsonNode era) {
        for (int i = 0; i < eras.size(); i++) {
            if (eras.get(i) == era) {
                return i;
            }
        }
        throw new AssertionError("not in the list");
    }

    private static List<String> events(JsonNode advanced) {
        List<String> events = new ArrayList<>();
        advanced.get("events").forEach(e -> events.add(e.get("type").asText() + " " + e.get("id").asText()));
        return events;
    }

    /** The fixtures' check-paid Blue Shield ERA, made one still on its way, received an hour after the clock's start. */
    private ArrayNode withCheckEraOnItsWay() {
        ArrayNode eras = eras();
        ObjectNode era = withCheckNumber(eras, "100231");
        era.putNull("received_at");
        era.put("era_delay", "P14D");
        era.put("receives_at", "2026-03-02T16:00:00.000Z");
        return eras;
    }

    /** A copy of the fixtures' Aetna ERA sent ahead of its money: its ACH credit arrives at 2026-03-03T09:00. */
    private ArrayNode withEraAheadOfItsMoney(String accountId) {
        ArrayNode eras = eras();
        ObjectNode ahead = withCheckNumber(eras, "883100027").deepCopy();
        ahead.put("id", "era_0000zzzzahead0000001");
        ahead.putNull("transaction_id");
        ((ObjectNode) ahead.get("payment")).put("check_number", "899999999");
        ahead.put("payment_arrives_at", "2026-03-03T09:00:00.000Z");
        ahead.put("payment_account_id", accountId);
        eras.add(ahead);
        return eras;
    }

    @Test
    void aFixtureEraOnItsWayIsInNoReadUntilTheClockPassesItsTime() {
        JsonNode era = withCheckNumber(withCheckEraOnItsWay(), "100231");
        String transactionId = era.get("transaction_id").asText();
        try (Sandbox loaded = Sandbox.start(SandboxConfig.builder().fixtureDocument("eras", withCheckEraOnItsWay()).build())) {
            ApiClient api = new ApiClient(loaded.baseUrl(), KEY);
            ApiClient control = new ApiClient(loaded.baseUrl(), null);
            assertThat(api.get("/v0/transactions/" + transactionId + "/era").status()).isEqualTo(404);

            JsonNode advanced = control.post("/_sandbox/clock/advance", Map.of("by", "PT1H")).json();

            assertThat(events(advanced)).contains("era.received " + era.get("id").asText());
            assertThat(api.get("/v0/transactions/" + transactionId + "/era").status()).isEqualTo(200);
            JsonNode stored = withCheckNumber((ArrayNode) loaded.exportState().get("eras"), "100231");
            assertThat(stored.get("received_at").asText()).isEqualTo("2026-03-02T16:00:00.000Z");
            assertThat(stored.has("era_delay")).isFalse();
            assertThat(stored.has("receives_at")).isFalse();
        }
    }

    @Test
    void aFixtureEraAheadOfItsMoneyIsListedAndItsAchCreditArrivesWithTheClock() {
        String accountId = LiveFixtures.read(new ApiClient(sandbox.baseUrl(), KEY)).riversideOperating();
        try (Sandbox loaded = Sandbox.start(SandboxConfig.builder()
                .fixtureDocument("eras", withEraAheadOfItsMoney(accountId)).build())) {
            ApiClient api = new ApiClient(loaded.baseUrl(), KEY);
            ApiClient control = new ApiClient(loaded.baseUrl(), null);
            String riverside = LiveFixtures.read(api).riverside();
            JsonNode listed = LiveFixtures.allPages(api, "/v0/remittances?entity_id=" + riverside, 100).stream()
                    .filter(r -> r.get("id").asText().equals("remittance_0000zzzzahead0000001")).findFirst().orElseThrow();
            assertThat(listed.get("transaction_id").isNull()).isTrue();

            JsonNode advanced = control.post("/_sandbox/clock/advance", Map.of("to", "2026-03-03T09:00:00Z")).json();

            JsonNode credit = LiveFixtures.allPages(api, "/v0/inbound-ach-transfers?account_id=" + accountId, 100).get(0);
            assertThat(events(advanced)).contains("inbound_ach_transfer.created " + credit.get("id").asText());
            assertThat(credit.get("amount").asLong()).isEqualTo(64_500);
            assertThat(credit.get("originator_company_name").asText()).isEqualTo("AETNA");
            assertThat(credit.get("addenda").get(0).asText()).isEqualTo("TRN*1*899999999*1066033492~");
            JsonNode accepted = control.post("/_sandbox/clock/advance", Map.of("by", "PT1H")).json();
            assertThat(events(accepted)).contains("inbound_ach_transfer.accepted " + credit.get("id").asText());
            String transactionId = api.get("/v0/inbound-ach-transfers/" + credit.get("id").asText()).json()
                    .get("transaction_id").asText();
            assertThat(api.get("/v0/transactions/" + transactionId + "/era").json().get("id").asText())
                    .isEqualTo("era_0000zzzzahead0000001");
        }
    }

    @Test
    void anImportedStateCarriesWhatWaitsAndTheClockBringsIt() {
        ObjectNode state = sandbox.exportState().deepCopy();
        state.set("eras", withCheckEraOnItsWay());
        ApiClient control = new ApiClient(sandbox.baseUrl(), null);
        try {
            ApiClient.Response imported = control.put("/_sandbox/state", state);
            assertThat(imported.status()).as(imported.toString()).isEqualTo(200);
            assertThat(sandbox.exportState().get("eras")).isEqualTo(state.get("eras"));

            List<ClockEvent> events = sandbox.clock().advance(Duration.ofHours(1));

            assertThat(events).contains(new ClockEvent("era.received",
                    withCheckNumber((ArrayNode) state.get("eras"), "100231").get("id").asText()));
        } finally {
            sandbox.reset();
        }
    }

    @Test
    void theStateFileKeepsAnEraOnItsWayAcrossARestart() {
        Path file = temp.resolve("state").resolve("sandbox.json");
        String eraId;
        try (Sandbox first = Sandbox.start(SandboxConfig.builder().stateFile(file).build())) {
            String accountId = first.accounts().named("Riverside Operating").id();
            eraId = first.insurancePayments().receive(InsurancePayment.into(accountId).from("CIGNA", "62308")
                    .claim(InsurancePayment.claim("PCN-1", 100_00, 80_00)).byCheck()
                    .eraDelay(Duration.ofDays(1))).era().id();
        }
        try (Sandbox again = Sandbox.start(SandboxConfig.builder().stateFile(file).build())) {
            String riverside = again.accounts().named("Riverside Operating").entityId();
            assertThat(again.eras().remittances(riverside)).noneMatch(r -> r.id().equals(Remittances.PREFIX + eraId.substring(4)));
            assertThat(again.clock().advance(Duration.ofDays(1))).contains(new ClockEvent("era.received", eraId));
            assertThat(again.eras().remittances(riverside).get(0).id()).isEqualTo(Remittances.PREFIX + eraId.substring(4));
        }
    }

    @Test
    void loadedErasMeetTheRulesOfCreatedOnesNamedByFilePointerAndRule() {
        ArrayNode eras = eras();
        ObjectNode unreceived = withCheckNumber(eras, "100231");
        unreceived.putNull("received_at");
        ObjectNode denied = withCheckNumber(eras, "883100027");
        ((ObjectNode) denied.get("claims").get(0)).put("status", "denied");
        ObjectNode withPlb = withCheckNumber(eras, "7781");
        withPlb.putArray("provider_adjustments").addObject().put("reason", "L6").putNull("reference").put("amount", -150);

        assertThatThrownBy(() -> Sandbox.start(SandboxConfig.builder().fixtureDocument("eras", eras).build()))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.messages()).containsExactlyInAnyOrder(
                        "eras.json /" + indexOf(eras, unreceived) + ": received_at may be null only on an ERA on its"
                                + " way, which has an era_delay",
                        "eras.json /" + indexOf(eras, denied) + ": claims[0] (patient_control_number RFM-10021) is"
                                + " denied, so it pays 0 and its whole charge is adjusted, but its paid_amount is 20500",
                        "eras.json /" + indexOf(eras, withPlb) + ": payment.amount 15000 must equal the sum of the"
                                + " claims' paid_amount 15000 minus the provider_adjustments' total -150, 15150"));
    }

    @Test
    void aLoadedEraWaitingForACreditThatIsNotThereOrIntoAnotherEntitysAccountIsRefused() {
        ArrayNode eras = eras();
        ObjectNode waiting = withCheckNumber(eras, "883100027");
        waiting.putNull("transaction_id");
        waiting.putNull("received_at");
        waiting.put("era_delay", "P1D");
        ObjectNode ahead = withCheckNumber(eras, "7781").deepCopy();
        ahead.put("id", "era_0000zzzzahead0000002");
        ahead.putNull("transaction_id");
        ((ObjectNode) ahead.get("payment")).put("method", "ach").put("check_number", "899999998");
        String riversideOperating = LiveFixtures.read(new ApiClient(sandbox.baseUrl(), KEY)).riversideOperating();
        ahead.put("payment_arrives_at", "2026-03-03T09:00:00.000Z").put("payment_account_id", riversideOperating);
        eras.add(ahead);

        assertThatThrownBy(() -> Sandbox.start(SandboxConfig.builder().fixtureDocument("eras", eras).build()))
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.messages()).containsExactlyInAnyOrder(
                        "eras.json " + waiting.get("id").asText() + "/era_delay: the ERA waits for its ACH credit to be"
                                + " accepted or declined, but no pending inbound ACH transfer of entity "
                                + waiting.get("entity_id").asText() + " carries its TRN reference 883100027 and amount"
                                + " 64500, and it has no payment_arrives_at",
                        "eras.json era_0000zzzzahead0000002/payment_account_id: not an account of entity "
                                + ahead.get("entity_id").asText() + ": " + riversideOperating));
    }
}
