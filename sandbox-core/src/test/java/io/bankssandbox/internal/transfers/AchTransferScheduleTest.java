package io.bankssandbox.internal.transfers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.ClockEvent;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An outbound ACH transfer on the clock: submitted at the next half hour, settled the next business day,
 * held for approval over ten million cents, rejected, canceled or returned with the money back.
 */
class AchTransferScheduleTest extends AchTransfersTestBase {

    @Test
    void pendingIsSubmittedAtTheNextHalfHourAndSettlesTheNextBusinessDay() {
        // the fixture clock starts on Monday 2026-03-02 at 15:00
        String id = send(25_000, null).get("id").asText();
        assertThat(advance("PT29M59S")).doesNotContain("ach_transfer.submitted " + id);
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("status").asText()).isEqualTo("pending");
        assertThat(advance("PT1S")).contains("ach_transfer.submitted " + id);
        JsonNode submitted = api.get("/v0/ach-transfer/" + id).json();
        assertThat(submitted.get("status").asText()).isEqualTo("submitted");
        assertThat(submitted.at("/submission/submitted_at").asText()).isEqualTo("2026-03-02T15:30:00.000Z");
        assertThat(submitted.at("/submission/expected_funds_settlement_at").asText()).isEqualTo("2026-03-03T15:30:00.000Z");
        assertThat(submitted.get("settled_at").isNull()).isTrue();
        assertThat(advance("PT23H59M")).doesNotContain("ach_transfer.settled " + id);
        assertThat(advance("PT1M")).contains("ach_transfer.settled " + id);
        JsonNode settled = api.get("/v0/ach-transfer/" + id).json();
        assertThat(settled.get("status").asText()).isEqualTo("submitted");
        assertThat(settled.get("settled_at").asText()).isEqualTo("2026-03-03T15:30:00.000Z");
    }

    @Test
    void aTransferSubmittedOnFridaySettlesOnMonday() {
        sandbox.clock().advanceTo(Instant.parse("2026-03-06T16:10:00Z"));
        String id = send(1_000, null).get("id").asText();
        advance("PT20M");
        JsonNode submitted = api.get("/v0/ach-transfer/" + id).json();
        assertThat(submitted.at("/submission/submitted_at").asText()).isEqualTo("2026-03-06T16:30:00.000Z");
        assertThat(submitted.at("/submission/expected_funds_settlement_at").asText()).isEqualTo("2026-03-09T16:30:00.000Z");
        advance("P2D");
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("settled_at").isNull()).isTrue();
        advance("P1D");
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("settled_at").asText()).isEqualTo("2026-03-09T16:30:00.000Z");
    }

    @Test
    void aTransferCreatedOnTheHalfHourWaitsForTheNextOne() {
        sandbox.clock().advanceTo(Instant.parse("2026-03-02T15:30:00Z"));
        String id = send(1_000, null).get("id").asText();
        advance("PT29M");
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("status").asText()).isEqualTo("pending");
        advance("PT1M");
        assertThat(api.get("/v0/ach-transfer/" + id).json().at("/submission/submitted_at").asText())
                .isEqualTo("2026-03-02T16:00:00.000Z");
    }

    @Test
    void overTenMillionCentsStaysPendingUntilApproved() {
        grantRiversideOperating(20_000_000);
        String id = send(10_000_001, null).get("id").asText();
        advance("P3D");
        JsonNode waiting = api.get("/v0/ach-transfer/" + id).json();
        assertThat(waiting.get("status").asText()).isEqualTo("pending");
        assertThat(waiting.get("submission").isNull()).isTrue();
        // 2026-03-05T15:00 now: approval lets it go at the next half hour
        JsonNode approved = control(id, "approve");
        assertThat(approved.get("status").asText()).isEqualTo("pending");
        ApiClient.Response again = api.post("/_sandbox/ach-transfers/" + id + "/approve", Map.of());
        assertThat(again.status()).isEqualTo(409);
        advance("PT30M");
        assertThat(api.get("/v0/ach-transfer/" + id).json().at("/submission/submitted_at").asText())
                .isEqualTo("2026-03-05T15:30:00.000Z");
    }

    @Test
    void exactlyTenMillionCentsNeedsNoApproval() {
        grantRiversideOperating(20_000_000);
        String id = send(10_000_000, null).get("id").asText();
        advance("PT30M");
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("status").asText()).isEqualTo("submitted");
        assertThat(api.post("/_sandbox/ach-transfers/" + id + "/approve", Map.of()).status()).isEqualTo(409);
    }

    @Test
    void rejectAndCancelGiveTheMoneyBackWithATransaction() {
        String source = fixtures.riversideOperating();
        for (String step : List.of("reject", "cancel")) {
            // read per step: the hour advanced below lets the fixture's pending inbound transfers resolve
            JsonNode before = account(source);
            String id = send(3_000, null).get("id").asText();
            JsonNode moved = control(id, step);
            assertThat(moved.get("status").asText()).isEqualTo(step.equals("reject") ? "rejected" : "canceled");
            assertThat(account(source).get("total_balance")).isEqualTo(before.get("total_balance"));
            assertThat(account(source).get("available_balance")).isEqualTo(before.get("available_balance"));
            JsonNode newest = api.get("/v0/transactions?account_id=" + source).json().at("/data/0");
            assertThat(newest.get("amount").asLong()).isEqualTo(3_000);
            assertThat(newest.at("/source/category").asText()).isEqualTo("ach_transfer_rejection");
            assertThat(newest.at("/source/ach_transfer_rejection/ach_transfer_id").asText()).isEqualTo(id);
            assertThat(newest.get("description").asText())
                    .isEqualTo((step.equals("reject") ? "Rejected" : "Canceled") + " ACH transfer " + id);
            for (String late : List.of("reject", "cancel", "approve", "return")) {
                ApiClient.Response wrong = api.post("/_sandbox/ach-transfers/" + id + "/" + late, Map.of());
                assertThat(wrong.status()).as(late + " after " + step).isEqualTo(409);
            }
            advance("PT1H");
            assertThat(api.get("/v0/ach-transfer/" + id).json().get("submission").isNull()).isTrue();
        }
        long sum = LiveFixtures.allPages(api, "/v0/transactions?account_id=" + source, 100).stream()
                .mapToLong(t -> t.get("amount").asLong()).sum();
        assertThat(sum).isEqualTo(account(source).get("total_balance").asLong());
    }

    @Test
    void onlyASubmittedTransferCanBeReturnedAndTheMoneyComesBack() {
        String source = fixtures.riversideOperating();
        JsonNode before = account(source);
        String id = send(4_200, null).get("id").asText();
        ApiClient.Response early = api.post("/_sandbox/ach-transfers/" + id + "/return", Map.of());
        assertThat(early.status()).isEqualTo(409);
        assertThat(early.json().get("message").asText()).isEqualTo("ACH transfer " + id
                + " is pending; only a submitted transfer can be returned");
        advance("PT30M");
        assertThat(api.post("/_sandbox/ach-transfers/" + id + "/reject", Map.of()).status()).isEqualTo(409);
        assertThat(api.post("/_sandbox/ach-transfers/" + id + "/cancel", Map.of()).status()).isEqualTo(409);
        ApiClient.Response returned = api.post("/_sandbox/ach-transfers/" + id + "/return", Map.of("reason", "account_closed"));
        assertThat(returned.status()).isEqualTo(200);
        assertThat(returned.json().get("status").asText()).isEqualTo("returned");
        assertThat(returned.json().at("/return/reason").asText()).isEqualTo("account_closed");
        assertThat(returned.json().at("/return/returned_at").asText()).isEqualTo("2026-03-02T15:30:00.000Z");
        assertThat(account(source).get("total_balance")).isEqualTo(before.get("total_balance"));
        JsonNode newest = api.get("/v0/transactions?account_id=" + source).json().at("/data/0");
        assertThat(newest.at("/source/category").asText()).isEqualTo("ach_transfer_return");
        assertThat(newest.get("amount").asLong()).isEqualTo(4_200);
        assertThat(api.post("/_sandbox/ach-transfers/" + id + "/return", Map.of()).status()).isEqualTo(409);
    }

    @Test
    void returnWithoutAReasonUsesNoAccountAndABadReasonIs400() {
        String id = send(100, null).get("id").asText();
        advance("PT30M");
        ApiClient.Response bad = api.post("/_sandbox/ach-transfers/" + id + "/return", Map.of("reason", "Not A Code"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(control(id, "return").at("/return/reason").asText()).isEqualTo("no_account");
    }

    @Test
    void controlRoutesAnswer404ForAnUnknownTransfer() {
        for (String step : List.of("approve", "reject", "cancel", "return")) {
            ApiClient.Response response = api.post("/_sandbox/ach-transfers/ach_transfer_nope/" + step, Map.of());
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.json().get("message").asText()).isEqualTo("ACH transfer ach_transfer_nope not found");
        }
    }

    @Test
    void aPendingTransferInAnImportedStateIsStillSubmittedOnTime() {
        String id = send(500, null).get("id").asText();
        JsonNode exported = sandbox.exportState();
        sandbox.reset();
        sandbox.importState(exported);
        List<ClockEvent> events = sandbox.clock().advance(Duration.ofMinutes(30));
        assertThat(events).contains(new ClockEvent("ach_transfer.submitted", id));
        assertThat(api.get("/v0/ach-transfer/" + id).json().get("status").asText()).isEqualTo("submitted");
    }
}
