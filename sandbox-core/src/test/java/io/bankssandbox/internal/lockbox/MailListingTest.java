package io.bankssandbox.internal.lockbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lockbox mail list: newest first, amounts summing the checks, rejected checks, and its date and time bounds. */
class MailListingTest extends ProvidersAndMailTestBase {

    // ------------------------------------------------------------------ mail

    @Test
    void mailIsListedNewestFirstWithAmountsSummingTheChecks() {
        ApiClient.Response response = api.get("/v0/providers/" + riverside + "/mail");

        assertThat(response.status()).isEqualTo(200);
        assertThat(fieldNames(response.json())).containsExactly("data");
        List<JsonNode> items = list(response.json().get("data"));
        assertThat(items).hasSizeGreaterThanOrEqualTo(4);
        List<Instant> received = items.stream().map(i -> Instant.parse(i.get("received_at").asText())).toList();
        assertThat(received).isSortedAccordingTo((a, b) -> b.compareTo(a));
        boolean sawEmpty = false;
        for (JsonNode item : items) {
            assertThat(fieldNames(item)).containsExactlyInAnyOrder("id", "provider_id", "file_id", "amount", "checks",
                    "received_at");
            assertThat(item.get("provider_id").asText()).isEqualTo(riverside);
            long sum = 0;
            for (JsonNode check : item.get("checks")) {
                assertThat(fieldNames(check)).containsExactlyInAnyOrder("id", "amount", "transaction_id", "status",
                        "hold", "micr");
                sum += check.get("amount").asLong();
            }
            assertThat(item.get("amount").isIntegralNumber()).isTrue();
            assertThat(item.get("amount").asLong()).isEqualTo(sum);
            sawEmpty |= item.get("checks").isEmpty();
        }
        assertThat(sawEmpty).as("mail without checks has amount 0").isTrue();
    }

    @Test
    void rejectedCheckHasNoHoldNoMicrAndNoTransaction() {
        List<JsonNode> rejected = new ArrayList<>();
        for (JsonNode item : api.get("/v0/providers/" + riverside + "/mail").json().get("data")) {
            for (JsonNode check : item.get("checks")) {
                if (check.get("status").asText().equals("rejected")) {
                    rejected.add(check);
                }
            }
        }
        assertThat(rejected).isNotEmpty();
        for (JsonNode check : rejected) {
            assertThat(check.get("hold").isNull()).isTrue();
            assertThat(check.get("micr").isNull()).isTrue();
            assertThat(check.get("transaction_id").isNull()).isTrue();
            assertThat(check.get("amount").asLong()).isPositive();
        }
    }

    @Test
    void timestampBoundsAreInclusiveToTheMillisecond() {
        String t = "2026-02-10T12:00:00.000Z";
        String mail = simulateMail(summit, t, List.of()).get("id").asText();

        assertThat(mailIds(summit, "received.on_or_after=" + t)).containsExactly(mail);
        assertThat(mailIds(summit, "received.on_or_before=" + t)).containsExactly(mail);
        assertThat(mailIds(summit, "received.on_or_after=" + t + "&received.on_or_before=" + t)).containsExactly(mail);
        assertThat(mailIds(summit, "received.on_or_after=2026-02-10T12:00:01.000Z")).isEmpty();
        assertThat(mailIds(summit, "received.on_or_before=2026-02-10T11:59:59.000Z")).isEmpty();
        assertThat(mailIds(summit, "received.on_or_after=2026-02-10T11:59:59.000Z")).containsExactly(mail);
        assertThat(mailIds(summit, "received.on_or_before=2026-02-10T12:00:01.000Z")).containsExactly(mail);
    }

    @Test
    void timestampBoundsMayCarryAnOffsetOrOmitMilliseconds() {
        String mail = simulateMail(summit, "2026-02-10T12:00:00.000Z", List.of()).get("id").asText();

        assertThat(mailIds(summit, "received.on_or_after=2026-02-10T12:00:00Z")).containsExactly(mail);
        assertThat(mailIds(summit, "received.on_or_before=2026-02-10T07:00:00-05:00")).containsExactly(mail);
        assertThat(mailIds(summit, "received.on_or_before=2026-02-10T06:59:59-05:00")).isEmpty();
        assertThat(mailIds(summit, "received.on_or_after=2026-02-10T13:00:01%2B01:00")).isEmpty();
    }

    @Test
    void dateBoundsCoverWholeUtcDays() {
        String startOfDay = simulateMail(summit, "2026-02-10T00:00:00.000Z", List.of()).get("id").asText();
        String endOfDay = simulateMail(summit, "2026-02-10T23:59:59.999Z", List.of()).get("id").asText();
        String nextDay = simulateMail(summit, "2026-02-11T00:00:00.000Z", List.of()).get("id").asText();
        String dayBefore = simulateMail(summit, "2026-02-09T23:59:59.999Z", List.of()).get("id").asText();

        assertThat(mailIds(summit, "received.on_or_after=2026-02-10&received.on_or_before=2026-02-10"))
                .containsExactly(endOfDay, startOfDay);
        assertThat(mailIds(summit, "received.on_or_before=2026-02-10")).containsExactly(endOfDay, startOfDay, dayBefore);
        assertThat(mailIds(summit, "received.on_or_after=2026-02-10")).containsExactly(nextDay, endOfDay, startOfDay);
        assertThat(mailIds(summit, "received.on_or_after=2026-02-11")).containsExactly(nextDay);
        assertThat(mailIds(summit, "received.on_or_before=2026-02-09")).containsExactly(dayBefore);
    }

    @Test
    void lowerBoundAfterUpperBoundFindsNothing() {
        simulateMail(summit, "2026-02-10T12:00:00.000Z", List.of());
        assertThat(mailIds(summit, "received.on_or_after=2026-02-11&received.on_or_before=2026-02-09")).isEmpty();
    }

    @Test
    void badBoundsAreRejectedWithEveryViolation() {
        for (String bad : List.of("yesterday", "2026-02-30", "2026-13-01T00:00:00Z", "2026-02-10T25:00:00Z",
                "1707566400", "2026-2-10", "")) {
            ApiClient.Response response = api.get("/v0/providers/" + riverside + "/mail?received.on_or_after=" + bad);
            assertThat(response.status()).as(bad).isEqualTo(400);
            assertThat(response.json()).isEqualTo(Json.MAPPER.valueToTree(Map.of("statusCode", 400, "error",
                    "Bad Request", "message", List.of("received.on_or_after must be an ISO 8601 timestamp or a date (YYYY-MM-DD)"))));
        }
        ApiClient.Response both = api.get("/v0/providers/" + riverside
                + "/mail?received.on_or_after=soon&received.on_or_before=2026-02-31");
        assertThat(both.status()).isEqualTo(400);
        assertThat(list(both.json().get("message")).stream().map(JsonNode::asText)).containsExactlyInAnyOrder(
                "received.on_or_after must be an ISO 8601 timestamp or a date (YYYY-MM-DD)",
                "received.on_or_before must be an ISO 8601 timestamp or a date (YYYY-MM-DD)");
    }
}
