package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.ClockMode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * Delivery stays off the API's path: the API answers before an attempt ends, a receiver that calls
 * back at once sees the committed change, a hanging endpoint holds back no other, a running clock
 * retries on its own; and the delivery log pages and filters what was sent.
 */
class WebhookIsolationTest extends WebhookTestBase {

    private List<JsonNode> deliveries(String query) {
        return list(ok(control.get("/_sandbox/webhooks/deliveries" + query), 200).get("data"));
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> out = new ArrayList<>();
        array.forEach(out::add);
        return out;
    }

    /** Tests here read a hanging attempt as still open: a loaded machine's pauses must not reach its cut-off. */
    @org.junit.jupiter.api.BeforeEach
    void hangingAttemptsStayOpen() {
        WebhookBurstTest.holdingAttemptsOnPurpose(sandbox);
    }

    @Test
    void theApiAnswersWhileTheAttemptIsStillInFlight() {
        subscribe(Map.of("url", receiver.url()));
        receiver.behave(WebhookReceiver.Behaviour.HANG);
        postCredit(2_101);
        // the receiver holds the request unanswered: had the API call waited for the attempt, the
        // attempt would have ended (timed out) before the answer, and the log would show it
        receiver.await(1, WITHIN);
        JsonNode delivery = onlyDelivery();
        assertThat(delivery.get("attempts")).isEmpty();
        assertThat(delivery.get("status").asText()).isEqualTo("pending");
    }

    @Test
    void aReceiverThatCallsBackAtOnceSeesTheChangeTheEventIsAbout() {
        ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
        receiver.onReceipt(r -> {
            ApiClient.Response answer = api.get("/v0/transactions/" + r.json().at("/transaction/id").asText());
            seen.add(answer.status() + " " + (answer.status() == 200 ? answer.json().equals(r.json().get("transaction")) : ""));
        });
        subscribe(Map.of("url", receiver.url()));
        postCredit(2_102);
        receiver.await(1, WITHIN);
        assertThat(seen).containsExactly("200 true");
        // answered at once: not a delivery held under the write lock until the callback could read
        JsonNode attempt = awaitAttempts(onlyDelivery().get("id").asText(), 1).get("attempts").get(0);
        assertThat(attempt.get("status_code").asInt()).isEqualTo(200);
    }

    @Test
    void anEndpointThatHangsHoldsBackNoOtherEndpoint() {
        try (WebhookReceiver other = new WebhookReceiver()) {
            receiver.behave(WebhookReceiver.Behaviour.HANG);
            String hanging = subscribe(Map.of("url", receiver.url()));
            String healthy = subscribe(Map.of("url", other.url()));
            for (int i = 0; i < 3; i++) {
                postCredit(2_200 + i);
            }
            assertThat(other.await(3, WITHIN)).extracting(r -> r.json().at("/transaction/amount").asLong())
                    .containsExactly(2_200L, 2_201L, 2_202L);
            receiver.await(1, WITHIN);
            // the hanging endpoint's first attempt is still open and its others wait behind it, in its own lane
            List<JsonNode> held = deliveries("?endpoint_id=" + hanging);
            assertThat(held).hasSize(3).allSatisfy(d -> assertThat(d.get("attempts")).isEmpty());
            assertThat(receiver.received()).hasSize(1);
            long deadline = System.nanoTime() + WITHIN.toNanos();
            while (deliveries("?endpoint_id=" + healthy + "&status=delivered").size() < 3 && System.nanoTime() < deadline) {
                sleep(10);
            }
            assertThat(deliveries("?endpoint_id=" + healthy + "&status=delivered")).hasSize(3);
        }
    }

    @Test
    void aRunningClockRetriesWhenTheDueTimeComesWithoutARequestArriving() {
        receiver.behave(WebhookReceiver.Behaviour.FAIL_500);
        SandboxConfig config = SandboxConfig.builder().clockMode(ClockMode.RUNNING).webhook(receiver.url()).build();
        try (Sandbox running = Sandbox.start(config)) {
            ApiClient runningControl = new ApiClient(running.baseUrl(), null);
            String account = running.exportState().get("accounts").get(0).get("id").asText();
            postCredit(runningControl, account, 2_301);
            String id = ok(runningControl.get("/_sandbox/webhooks/deliveries"), 200).at("/data/0/id").asText();
            Instant due = Instant.parse(awaitAttempts(runningControl, id, 1).get("next_attempt_at").asText());
            receiver.behave(WebhookReceiver.Behaviour.OK);
            ok(runningControl.post("/_sandbox/clock/advance", Map.of("to", due.minusMillis(300).toString())), 200);
            // from here no request reaches the sandbox: the wall clock alone brings the retry due
            List<WebhookReceiver.Received> got = receiver.await(2, WITHIN);
            assertThat(got.get(1).header("webhook-id")).isEqualTo(got.get(0).header("webhook-id"));
            JsonNode retried = awaitAttempts(runningControl, id, 2); // the retry was sent: reading the log now is fine
            assertThat(Instant.parse(retried.at("/attempts/1/at").asText())).isAfterOrEqualTo(due);
            assertThat(retried.get("status").asText()).isEqualTo("delivered");
        }
    }

    @Test
    void theDeliveryLogIsNewestFirstPagedAndFilteredByEndpointEventAndStatus() {
        receiver.behave(WebhookReceiver.Behaviour.FAIL_500);
        String failing = subscribe(Map.of("url", receiver.url(), "events", List.of("transaction.created")));
        String inbox = subscribe(Map.of("url", "inbox"));
        ok(control.post("/_sandbox/entities", Map.of("name", "Quarry Dental", "structure", "llc",
                "address", Map.of("line1", "9 Quarry Rd", "line2", "", "city", "Boise", "state", "ID", "postalCode", "83702"),
                "accounts", List.of(), "api_keys", List.of())), 201);
        for (int i = 0; i < 3; i++) {
            postCredit(2_400 + i);
        }
        for (JsonNode delivery : deliveries("?endpoint_id=" + failing)) {
            awaitAttempts(delivery.get("id").asText(), 1);
        }
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (deliveries("?endpoint_id=" + inbox + "&status=delivered").size() < 4 && System.nanoTime() < deadline) {
            sleep(10);
        }

        List<JsonNode> all = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = ok(control.get("/_sandbox/webhooks/deliveries?limit=3" + (cursor == null ? "" : "&cursor=" + cursor)), 200);
            assertThat(page.get("data").size()).isLessThanOrEqualTo(3);
            all.addAll(list(page.get("data")));
            cursor = page.get("has_next").asBoolean() ? page.get("cursor").asText() : null;
        } while (cursor != null);
        assertThat(all).hasSize(7);
        assertThat(new HashSet<>(all.stream().map(d -> d.get("id").asText()).toList())).hasSize(7);
        assertThat(all).extracting(d -> d.get("event").asText()).last().isEqualTo("entity.connected");
        assertThat(all).isEqualTo(deliveries("?limit=100"));

        assertThat(deliveries("?endpoint_id=" + failing)).extracting(d -> d.at("/body/transaction/amount").asLong())
                .containsExactly(2_402L, 2_401L, 2_400L);
        assertThat(deliveries("?endpoint_id=" + inbox + "&event=transaction.created"))
                .extracting(d -> d.at("/body/transaction/amount").asLong()).containsExactly(2_402L, 2_401L, 2_400L);
        assertThat(deliveries("?event=entity.connected")).singleElement()
                .satisfies(d -> assertThat(d.get("endpoint_id").asText()).isEqualTo(inbox));
        assertThat(deliveries("?status=pending")).hasSize(3)
                .allSatisfy(d -> assertThat(d.get("endpoint_id").asText()).isEqualTo(failing));
        assertThat(deliveries("?status=delivered")).hasSize(4)
                .allSatisfy(d -> assertThat(d.get("endpoint_id").asText()).isEqualTo(inbox));
        assertThat(deliveries("?status=failed")).isEmpty();
    }
}
