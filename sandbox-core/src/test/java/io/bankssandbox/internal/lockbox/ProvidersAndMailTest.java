package io.bankssandbox.internal.lockbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.externalaccounts.RoutingNumbers;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProvidersAndMailTest {
    private static Sandbox sandbox;
    private static ApiClient api;
    private static String riverside;
    private static String lakeside;
    private static String harbor;
    private static String summit;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.start();
        api = new ApiClient(sandbox.baseUrl(), sandbox.apiKey());
        riverside = entityNamed("Riverside Family Medicine, P.C.");
        lakeside = entityNamed("Lakeside Pediatrics, PLLC");
        harbor = entityNamed("Harbor Community Health Center");
        summit = entityNamed("Summit Physical Therapy LLC");
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @BeforeEach
    void reset() {
        sandbox.reset();
    }

    private static String entityNamed(String name) {
        for (JsonNode entity : api.get("/v0/entities?limit=100").json().get("data")) {
            if (entity.get("name").asText().equals(name)) {
                return entity.get("id").asText();
            }
        }
        throw new AssertionError("no entity " + name + " in the default fixtures");
    }

    // ------------------------------------------------------------------ providers

    @Test
    void providerIsTheEntityWithItsLockboxAddress() {
        ApiClient.Response response = api.get("/v0/providers/" + riverside);

        assertThat(response.status()).isEqualTo(200);
        JsonNode provider = response.json();
        assertThat(fieldNames(provider)).containsExactlyInAnyOrder("id", "name", "structure", "npi", "lockbox_address");
        assertThat(provider.get("id").asText()).isEqualTo(riverside);
        assertThat(provider.get("name").asText()).isEqualTo("Riverside Family Medicine, P.C.");
        assertThat(provider.get("structure").asText()).isEqualTo("professional_corporation");
        assertThat(provider.get("npi").asText()).matches("\\d{10}");
        JsonNode lockbox = provider.get("lockbox_address");
        assertThat(fieldNames(lockbox)).containsExactlyInAnyOrder("recipient_name", "line1", "line2", "city", "state",
                "postalCode");
        assertThat(lockbox.get("recipient_name").asText()).isEqualTo("Riverside Family Medicine, P.C.");
        assertThat(lockbox.get("line1").asText()).startsWith("PO Box ");
    }

    @Test
    void unknownProviderIsNotFound() {
        assertNotFound(api.get("/v0/providers/entity_doesnotexist"), "Provider entity_doesnotexist not found");
        assertNotFound(api.get("/v0/providers/entity_doesnotexist/mail"), "Provider entity_doesnotexist not found");
    }

    @Test
    void entityWithoutNpiIsNotAProvider() {
        assertThat(api.get("/v0/entities?limit=100").json().get("data").findValues("id").stream()
                .map(JsonNode::asText)).contains(harbor);
        assertNotFound(api.get("/v0/providers/" + harbor), "Provider " + harbor + " not found");
        assertNotFound(api.get("/v0/providers/" + harbor + "/mail"), "Provider " + harbor + " not found");
    }

    @Test
    void providerTheKeyCannotSeeIsNotFound() {
        ApiClient one = api.as("lm_key_sandbox_one");
        assertThat(one.get("/v0/providers/" + riverside).status()).isEqualTo(200);
        assertNotFound(one.get("/v0/providers/" + lakeside), "Provider " + lakeside + " not found");
        assertNotFound(one.get("/v0/providers/" + lakeside + "/mail"), "Provider " + lakeside + " not found");
    }

    @Test
    void providerRoutesNeedAnApiKey() {
        ApiClient anonymous = api.as(null);
        assertThat(anonymous.get("/v0/providers/" + riverside).status()).isEqualTo(401);
        assertThat(anonymous.get("/v0/providers/" + riverside + "/mail").status()).isEqualTo(401);
    }

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

    // ------------------------------------------------------------------ helpers

    private static JsonNode simulateMail(String provider, String receivedAt, List<Map<String, Object>> checks) {
        Map<String, Object> body = receivedAt == null ? Map.of("checks", checks)
                : Map.of("checks", checks, "received_at", receivedAt);
        ApiClient.Response response = api.post("/_sandbox/providers/" + provider + "/mail", body, null);
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json();
    }

    private static List<String> mailIds(String provider, String query) {
        ApiClient.Response response = api.get("/v0/providers/" + provider + "/mail" + (query.isEmpty() ? "" : "?" + query));
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json().get("data").findValuesAsText("id").stream()
                .filter(id -> id.startsWith("inbound_mail_item_")).toList();
    }

    private static JsonNode firstHeldCheck(String provider) {
        for (JsonNode item : api.get("/v0/providers/" + provider + "/mail").json().get("data")) {
            for (JsonNode check : item.get("checks")) {
                if (check.at("/hold/status").asText().equals("held")) {
                    return check;
                }
            }
        }
        throw new AssertionError("the default fixtures hold a check that is still held");
    }

    private static JsonNode check(String provider, String checkId) {
        for (JsonNode item : api.get("/v0/providers/" + provider + "/mail").json().get("data")) {
            for (JsonNode check : item.get("checks")) {
                if (check.get("id").asText().equals(checkId)) {
                    return check;
                }
            }
        }
        throw new AssertionError("no check " + checkId);
    }

    private static JsonNode advanceTo(Instant to) {
        ApiClient.Response response = api.post("/_sandbox/clock/advance", Map.of("to", Json.timestamp(to)), null);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.json();
    }

    /** Riverside's operating account: where its lockbox deposits. */
    private static JsonNode riversideOperating() {
        return account(riverside);
    }

    /** The entity's first account, where its lockbox deposits. */
    private static JsonNode account(String entity) {
        return api.get("/v0/accounts?entity_id=" + entity).json().get("data").get(0);
    }

    private static void assertNotFound(ApiClient.Response response, String message) {
        assertThat(response.status()).as(response.toString()).isEqualTo(404);
        assertThat(response.json()).isEqualTo(Json.MAPPER.valueToTree(
                Map.of("statusCode", 404, "error", "Not Found", "message", message)));
    }

    private static Set<String> fieldNames(JsonNode node) {
        Set<String> names = new HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> out = new ArrayList<>();
        array.forEach(out::add);
        return out;
    }
}
