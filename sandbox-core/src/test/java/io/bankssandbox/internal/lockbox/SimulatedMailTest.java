package io.bankssandbox.internal.lockbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.externalaccounts.RoutingNumbers;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Mail simulated for a provider: submitted checks deposited and held for a day, released by the clock, rejected ones moving nothing. */
class SimulatedMailTest extends ProvidersAndMailTestBase {

    // ------------------------------------------------------------------ holds

    @Test
    void heldCheckReleasesWhenTheClockPassesItsReleaseTime() {
        JsonNode held = firstHeldCheck(riverside);
        String checkId = held.get("id").asText();
        long amount = held.get("amount").asLong();
        Instant releasesAt = Instant.parse(held.at("/hold/automatically_releases_at").asText());
        // one second early: nothing happens to the check (pending ACH transfers resolve meanwhile)
        JsonNode early = advanceTo(releasesAt.minusSeconds(1));
        assertThat(early.get("events").findValuesAsText("id")).doesNotContain(checkId);
        assertThat(check(riverside, checkId).at("/hold/status").asText()).isEqualTo("held");
        JsonNode accountBefore = riversideOperating();

        JsonNode advanced = advanceTo(releasesAt.plusSeconds(1));
        assertThat(list(advanced.get("events"))).contains(Json.MAPPER.valueToTree(
                Map.of("type", "check_deposit.hold_released", "id", checkId)));
        JsonNode released = check(riverside, checkId);
        assertThat(released.at("/hold/status").asText()).isEqualTo("released");
        assertThat(released.at("/hold/released_at").asText()).isEqualTo(Json.timestamp(releasesAt));
        assertThat(released.at("/hold/automatically_releases_at").asText()).isEqualTo(Json.timestamp(releasesAt));
        assertThat(released.get("status").asText()).isEqualTo("submitted");
        JsonNode accountAfter = riversideOperating();
        assertThat(accountAfter.get("available_balance").asLong())
                .isEqualTo(accountBefore.get("available_balance").asLong() + amount);
        assertThat(accountAfter.get("total_balance").asLong()).isEqualTo(accountBefore.get("total_balance").asLong());

        // it releases once: later advances move nothing more
        advanceTo(releasesAt.plusSeconds(86_400));
        assertThat(riversideOperating().get("available_balance").asLong())
                .isEqualTo(accountAfter.get("available_balance").asLong());
    }

    @Test
    void heldChecksOfAnImportedStateStillRelease() {
        JsonNode held = firstHeldCheck(riverside);
        Instant releasesAt = Instant.parse(held.at("/hold/automatically_releases_at").asText());
        JsonNode exported = api.get("/_sandbox/state").json();
        assertThat(api.put("/_sandbox/state", exported).status()).isEqualTo(200);

        JsonNode advanced = advanceTo(releasesAt);
        assertThat(advanced.get("events").findValuesAsText("id")).contains(held.get("id").asText());
        assertThat(check(riverside, held.get("id").asText()).at("/hold/status").asText()).isEqualTo("released");
    }

    // ------------------------------------------------------------------ simulation

    @Test
    void simulatedMailDepositsSubmittedChecksAndHoldsThemForADay() {
        JsonNode before = riversideOperating();
        Instant now = sandbox.clock().now();

        ApiClient.Response response = api.post("/_sandbox/providers/" + riverside + "/mail", Map.of("checks", List.of(
                Map.of("amount", 4200),
                Map.of("amount", 1000, "status", "rejected"),
                Map.of("amount", 555, "status", "submitted", "micr", Map.of("routing_number", "021000021",
                        "account_number", "123456789", "auxiliary_on_us", "42", "serial_number", "9001")))), null);

        assertThat(response.status()).isEqualTo(201);
        JsonNode item = response.json();
        assertThat(fieldNames(item)).containsExactlyInAnyOrder("id", "provider_id", "file_id", "amount", "checks",
                "received_at");
        assertThat(item.get("provider_id").asText()).isEqualTo(riverside);
        assertThat(item.get("received_at").asText()).isEqualTo(Json.timestamp(now));
        assertThat(item.get("amount").asLong()).isEqualTo(4200 + 1000 + 555);
        List<JsonNode> checks = list(item.get("checks"));
        assertThat(checks).hasSize(3);

        JsonNode submitted = checks.get(0);
        assertThat(submitted.get("status").asText()).isEqualTo("submitted");
        assertThat(submitted.get("amount").asLong()).isEqualTo(4200);
        assertThat(submitted.get("transaction_id").asText()).startsWith("transaction_");
        assertThat(submitted.get("hold")).isEqualTo(Json.MAPPER.createObjectNode().put("status", "held")
                .put("automatically_releases_at", Json.timestamp(now.plusSeconds(86_400))).putNull("released_at"));
        JsonNode micr = submitted.get("micr");
        assertThat(RoutingNumbers.isValid(micr.get("routing_number").asText())).isTrue();
        assertThat(micr.get("account_number").asText()).matches("\\d+");
        assertThat(micr.get("serial_number").asText()).isNotEmpty();

        JsonNode rejected = checks.get(1);
        assertThat(rejected.get("status").asText()).isEqualTo("rejected");
        assertThat(rejected.get("hold").isNull()).isTrue();
        assertThat(rejected.get("micr").isNull()).isTrue();
        assertThat(rejected.get("transaction_id").isNull()).isTrue();

        assertThat(checks.get(2).get("micr")).isEqualTo(Json.MAPPER.valueToTree(Map.of("routing_number", "021000021",
                "account_number", "123456789", "auxiliary_on_us", "42", "serial_number", "9001")));
        assertThat(checks.stream().map(c -> c.get("id").asText()).distinct()).hasSize(3);

        // total moves at once by the submitted checks only; available waits for the holds
        JsonNode after = riversideOperating();
        assertThat(after.get("total_balance").asLong()).isEqualTo(before.get("total_balance").asLong() + 4200 + 555);
        assertThat(after.get("available_balance").asLong()).isEqualTo(before.get("available_balance").asLong());

        // the mail is listed first, as answered
        JsonNode listed = api.get("/v0/providers/" + riverside + "/mail").json().get("data").get(0);
        assertThat(listed).isEqualTo(item);

        advanceTo(now.plusSeconds(86_400));
        JsonNode released = api.get("/v0/providers/" + riverside + "/mail").json().get("data").get(0);
        assertThat(released.at("/checks/0/hold/status").asText()).isEqualTo("released");
        assertThat(released.at("/checks/2/hold/status").asText()).isEqualTo("released");
        assertThat(released.at("/checks/1/hold").isNull()).isTrue();
    }

    @Test
    void simulatedHoldReleaseMovesExactlyTheChecksIntoAvailable() {
        simulateMail(summit, null, List.of(Map.of("amount", 7_777), Map.of("amount", 3_000, "status", "rejected")));
        JsonNode before = account(summit);

        advanceTo(sandbox.clock().now().plusSeconds(86_400));

        JsonNode after = account(summit);
        assertThat(after.get("available_balance").asLong()).isEqualTo(before.get("available_balance").asLong() + 7_777);
        assertThat(after.get("total_balance").asLong()).isEqualTo(before.get("total_balance").asLong());
    }

    @Test
    void simulatedMailWithoutChecksMovesNothing() {
        JsonNode before = account(summit);

        ApiClient.Response response = api.post("/_sandbox/providers/" + summit + "/mail", Map.of(), null);

        assertThat(response.status()).isEqualTo(201);
        assertThat(response.json().get("amount").asLong()).isZero();
        assertThat(response.json().get("checks")).isEmpty();
        assertThat(response.json().get("id").asText()).startsWith("inbound_mail_item_");
        assertThat(response.json().get("file_id").asText()).startsWith("file_");
        assertThat(account(summit)).isEqualTo(before);
        assertThat(mailIds(summit, "")).containsExactly(response.json().get("id").asText());
    }

    @Test
    void simulatedMailOfOnlyRejectedChecksMovesNothing() {
        JsonNode before = account(summit);
        JsonNode item = simulateMail(summit, null, List.of(Map.of("amount", 2_000, "status", "rejected")));
        assertThat(item.get("amount").asLong()).isEqualTo(2_000);
        assertThat(account(summit)).isEqualTo(before);
    }

    @Test
    void mailDatedBeforeItsHoldWouldEndArrivesReleased() {
        Instant receivedAt = sandbox.clock().now().minusSeconds(2 * 86_400);
        JsonNode before = account(summit);
        JsonNode item = simulateMail(summit, Json.timestamp(receivedAt), List.of(Map.of("amount", 500)));

        assertThat(item.at("/checks/0/hold/status").asText()).isEqualTo("released");
        assertThat(item.at("/checks/0/hold/released_at").asText()).isEqualTo(Json.timestamp(receivedAt.plusSeconds(86_400)));
        assertThat(account(summit).get("available_balance").asLong()).isEqualTo(before.get("available_balance").asLong() + 500);
    }

    @Test
    void simulatingMailForSomethingThatIsNotAProviderIsNotFound() {
        ApiClient.Response unknown = api.post("/_sandbox/providers/entity_doesnotexist/mail", Map.of(), null);
        assertNotFound(unknown, "Provider entity_doesnotexist not found");
        ApiClient.Response notProvider = api.post("/_sandbox/providers/" + harbor + "/mail", Map.of(), null);
        assertNotFound(notProvider, "Provider " + harbor + " not found");
    }

    @Test
    void simulatedMailRejectsBadBodies() {
        assertThat(api.post("/_sandbox/providers/" + summit + "/mail",
                Map.of("checks", List.of(Map.of("amount", 0))), null).status()).isEqualTo(400);
        assertThat(api.post("/_sandbox/providers/" + summit + "/mail",
                Map.of("checks", List.of(Map.of("amount", 10, "status", "bounced"))), null).status()).isEqualTo(400);
        assertThat(api.post("/_sandbox/providers/" + summit + "/mail",
                Map.of("received_at", "tomorrow"), null).status()).isEqualTo(400);
        ApiClient.Response future = api.post("/_sandbox/providers/" + summit + "/mail",
                Map.of("received_at", Json.timestamp(sandbox.clock().now().plusSeconds(1))), null);
        assertThat(future.status()).isEqualTo(400);
        assertThat(future.json().get("message").get(0).asText()).startsWith("received_at must not be in the future");
        assertThat(mailIds(summit, "")).isEmpty();
    }
}
