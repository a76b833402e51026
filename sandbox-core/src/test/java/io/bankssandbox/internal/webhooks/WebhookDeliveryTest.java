package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How deliveries travel: retries on the sandbox clock, order per endpoint, redelivery, the
 * signature, the inbox, receivers that misbehave, and deliveries as state (reset, export, import).
 */
class WebhookDeliveryTest extends WebhookTestBase {

    private void advanceTo(Instant to) {
        ok(control.post("/_sandbox/clock/advance", Map.of("to", to.toString())), 200);
    }

    @Test
    void aFailingReceiverIsRetriedOnTheSandboxClockSevenTimesThenTheDeliveryFails() {
        receiver.behave(WebhookReceiver.Behaviour.FAIL_500);
        subscribe(Map.of("url", receiver.url()));
        Instant start = sandbox.clock().now();
        postCredit(1_000);
        String id = onlyDelivery().get("id").asText();
        JsonNode delivery = awaitAttempts(id, 1);
        List<Duration> waits = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(8), Duration.ofHours(24));
        List<Instant> expected = new ArrayList<>(List.of(start));
        for (Duration wait : waits) {
            Instant due = expected.get(expected.size() - 1).plus(wait);
            assertThat(Instant.parse(delivery.get("next_attempt_at").asText())).isEqualTo(due);
            assertThat(delivery.get("status").asText()).isEqualTo("pending");
            advanceTo(due.minusSeconds(1)); // a second early: a retry here would show in the attempts' times
            advanceTo(due);
            expected.add(due);
            delivery = awaitAttempts(id, expected.size());
        }
        assertThat(delivery.get("status").asText()).isEqualTo("failed");
        assertThat(delivery.get("next_attempt_at").isNull()).isTrue();
        List<Instant> attemptedAt = new ArrayList<>();
        delivery.get("attempts").forEach(a -> {
            attemptedAt.add(Instant.parse(a.get("at").asText()));
            assertThat(a.get("status_code").asInt()).isEqualTo(500);
            assertThat(a.get("error").isNull()).isTrue();
        });
        assertThat(attemptedAt).containsExactlyElementsOf(expected);
        // every attempt carried the same webhook-id (the clock's transitions on the way post others)
        String eventId = delivery.get("event_id").asText();
        assertThat(receiver.await(7, r -> eventId.equals(r.header("webhook-id")), WITHIN)).hasSize(7);
        // a day later nothing more is tried
        ok(control.post("/_sandbox/clock/advance", Map.of("by", "P2D")), 200);
        assertThat(ok(control.get("/_sandbox/webhooks/deliveries/" + id), 200).get("attempts")).hasSize(7);
    }

    @Test
    void aRetriedEventDoesNotHoldBackNewerOnesAndEachEndpointGetsEventsInTheOrderTheyOccurred() {
        subscribe(Map.of("url", receiver.url(), "events", List.of("transaction.created")));
        receiver.behave(WebhookReceiver.Behaviour.FAIL_500);
        postCredit(1_001);
        String first = onlyDelivery().get("id").asText();
        awaitAttempts(first, 1);
        receiver.behave(WebhookReceiver.Behaviour.OK);
        for (int i = 0; i < 20; i++) {
            postCredit(2_000 + i);
        }
        List<WebhookReceiver.Received> newer = receiver.await(21, WITHIN);
        List<Long> amounts = new ArrayList<>();
        newer.forEach(r -> amounts.add(r.json().at("/transaction/amount").asLong()));
        assertThat(amounts.get(0)).isEqualTo(1_001); // the failed first attempt
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            expected.add(2_000L + i);
        }
        assertThat(amounts.subList(1, 21)).containsExactlyElementsOf(expected);
        assertThat(newer.stream().map(r -> r.header("webhook-id")).distinct()).as("one webhook-id per event").hasSize(21);
        ok(control.post("/_sandbox/clock/advance", Map.of("by", "PT1M")), 200);
        List<WebhookReceiver.Received> all = receiver.await(22, WITHIN);
        assertThat(all.get(21).json().at("/transaction/amount").asLong()).isEqualTo(1_001);
        assertThat(awaitAttempts(first, 2).get("status").asText()).isEqualTo("delivered");
    }

    @Test
    void redeliverSendsTheSameEventAgainNowWithTheSameWebhookId() {
        subscribe(Map.of("url", receiver.url()));
        postCredit(1_002);
        String id = onlyDelivery().get("id").asText();
        awaitAttempts(id, 1);
        JsonNode again = ok(control.post("/_sandbox/webhooks/deliveries/" + id + "/redeliver", Map.of()), 200);
        assertThat(again.get("status").asText()).isEqualTo("pending");
        JsonNode delivered = awaitAttempts(id, 2);
        assertThat(delivered.get("status").asText()).isEqualTo("delivered");
        List<WebhookReceiver.Received> got = receiver.await(2, WITHIN);
        assertThat(got.get(0).header("webhook-id")).isEqualTo(got.get(1).header("webhook-id"))
                .isEqualTo(delivered.get("event_id").asText());
        assertThat(got.get(0).body()).isEqualTo(got.get(1).body());
        assertThat(control.post("/_sandbox/webhooks/deliveries/webhook_delivery_nope/redeliver", Map.of()).status())
                .isEqualTo(404);
    }

    @Test
    void aSecretSignsEveryDeliveryAsTheStandardWebhooksSpecWritesIt() throws Exception {
        byte[] key = new byte[32];
        new java.security.SecureRandom().nextBytes(key);
        String secret = "whsec_" + Base64.getEncoder().encodeToString(key);
        JsonNode endpoint = ok(control.post("/_sandbox/webhooks", Map.of("url", receiver.url(), "secret", secret)), 201);
        assertThat(endpoint.get("signed").asBoolean()).isTrue();
        assertThat(endpoint.has("secret")).isFalse();
        postCredit(1_003);
        WebhookReceiver.Received got = receiver.await(1, WITHIN).get(0);

        assertThat(got.header("webhook-signature").split(" ")).contains(expectedSignature(secret, got));
        String id = got.header("webhook-id");
        String timestamp = got.header("webhook-timestamp");
        assertThat(id).startsWith("event_");
        // the timestamp is the wall clock's, which receivers check against their own
        assertThat(Math.abs(Long.parseLong(timestamp) - System.currentTimeMillis() / 1000)).isLessThan(300);
        assertThat(got.header("Content-Type")).isEqualTo("application/json");
        assertThat(got.header("User-Agent")).startsWith("banks-sandbox/");
    }

    @Test
    void withoutASecretThereIsNoSignatureHeader() {
        subscribe(Map.of("url", receiver.url()));
        postCredit(1_004);
        WebhookReceiver.Received got = receiver.await(1, WITHIN).get(0);
        assertThat(got.header("webhook-signature")).isNull();
        assertThat(got.header("webhook-id")).isNotNull();
    }

    @Test
    void theInboxReceivesWhatIsSentToUrlInboxNewestFirst() {
        subscribe(Map.of("url", "inbox"));
        postCredit(1_005);
        postCredit(1_006);
        long deadline = System.nanoTime() + WITHIN.toNanos();
        JsonNode inbox;
        do {
            inbox = ok(control.get("/_sandbox/webhooks/inbox?event=transaction.created"), 200).get("data");
            sleep(5);
        } while (inbox.size() < 2 && System.nanoTime() < deadline);
        assertThat(inbox).hasSize(2);
        assertThat(inbox.get(0).at("/body/transaction/amount").asLong()).isEqualTo(1_006);
        assertThat(inbox.get(1).at("/body/transaction/amount").asLong()).isEqualTo(1_005);
        assertThat(inbox.get(0).get("webhook_id").asText()).startsWith("event_");
        assertThat(ok(control.get("/_sandbox/webhooks/inbox?event=entity.connected"), 200).get("data")).isEmpty();
    }

    @Test
    void badRegistrationsAreRefusedWithTheControlErrorShapeAndStoreNothing() {
        List<Map<String, Object>> bad = List.of(
                Map.of("url", "ftp://example.com/hook"),
                Map.of("url", "not a url"),
                Map.of("url", "http://"),
                Map.of("url", receiver.url(), "api_key", "lm_key_nobody"),
                Map.of("url", receiver.url(), "events", List.of("transaction.deleted")),
                Map.of("url", receiver.url(), "secret", "whsec_" + Base64.getEncoder().encodeToString(new byte[15])),
                Map.of("url", receiver.url(), "secret", "not base64!"));
        for (Map<String, Object> body : bad) {
            ApiClient.Response response = control.post("/_sandbox/webhooks", body);
            assertThat(response.status()).as(body.toString()).isEqualTo(400);
            assertThat(response.json().get("statusCode").asInt()).isEqualTo(400);
            assertThat(response.json().get("error").asText()).isEqualTo("Bad Request");
            assertThat(response.json().get("message").isArray()).isTrue();
        }
        assertThat(control.get("/_sandbox/webhooks").json().get("data")).isEmpty();
        // 16 bytes is enough
        subscribe(Map.of("url", receiver.url(), "secret", Base64.getEncoder().encodeToString(new byte[16])));
    }

    @Test
    void deletingAnEndpointStopsItsDeliveries() {
        receiver.behave(WebhookReceiver.Behaviour.FAIL_500);
        String endpoint = subscribe(Map.of("url", receiver.url()));
        postCredit(1_007);
        String id = onlyDelivery().get("id").asText();
        awaitAttempts(id, 1);
        ok(control.delete("/_sandbox/webhooks/" + endpoint), 200);
        assertThat(ok(control.get("/_sandbox/webhooks/deliveries/" + id), 200).get("status").asText()).isEqualTo("failed");
        assertThat(control.delete("/_sandbox/webhooks/" + endpoint).status()).isEqualTo(404);
        assertThat(control.post("/_sandbox/webhooks/deliveries/" + id + "/redeliver", Map.of()).status()).isEqualTo(409);
    }

    @Test
    void receiversThatResetTheConnectionOrAnswerTenMegabytesAreFailedOrDeliveredAttemptsNotHangs() {
        subscribe(Map.of("url", receiver.url()));
        receiver.behave(WebhookReceiver.Behaviour.RESET);
        postCredit(1_008);
        String id = onlyDelivery().get("id").asText();
        JsonNode reset = awaitAttempts(id, 1).get("attempts").get(0);
        assertThat(reset.get("status_code").isNull()).isTrue();
        assertThat(reset.get("error").asText()).isNotBlank();

        receiver.behave(WebhookReceiver.Behaviour.HUGE_BODY);
        ok(control.post("/_sandbox/clock/advance", Map.of("by", "PT1M")), 200);
        JsonNode huge = awaitAttempts(id, 2);
        assertThat(huge.get("attempts").get(1).get("status_code").asInt()).isEqualTo(200);
        assertThat(huge.get("status").asText()).isEqualTo("delivered");
    }

    @Test
    void aReceiverThatHangsIsATimedOutAttemptWhileTheApiKeepsAnswering() {
        // 2 s instead of 10 (WebhookSenderTest pins the 10 s): this test waits the timeout out
        io.bankssandbox.SandboxInternals.server(sandbox).webhooks().attemptTimeout(Duration.ofSeconds(2));
        try {
            subscribe(Map.of("url", receiver.url()));
            receiver.behave(WebhookReceiver.Behaviour.HANG);
            postCredit(1_009);
            receiver.await(1, WITHIN);
            // the API answers while the receiver holds the attempt
            for (int i = 0; i < 20; i++) {
                ok(api.get("/v0/accounts?limit=1"), 200);
            }
            postCredit(1_010);
            String id = control.get("/_sandbox/webhooks/deliveries").json().get("data").get(1).get("id").asText();
            JsonNode attempt = awaitAttempts(id, 1).get("attempts").get(0);
            assertThat(attempt.get("error").asText()).isEqualTo("timeout after 2 s");
            assertThat(attempt.get("duration_ms").asLong()).isGreaterThanOrEqualTo(2_000);
        } finally {
            io.bankssandbox.SandboxInternals.server(sandbox).webhooks().attemptTimeout(WebhookSender.TIMEOUT);
        }
    }

    @Test
    void resetClearsEndpointsAndDeliveriesAddedSinceStart() {
        subscribe(Map.of("url", receiver.url()));
        postCredit(1_011);
        receiver.await(1, WITHIN);
        sandbox.reset();
        assertThat(control.get("/_sandbox/webhooks").json().get("data")).isEmpty();
        assertThat(control.get("/_sandbox/webhooks/deliveries").json().get("data")).isEmpty();
        postCredit(1_012);
        assertThat(control.get("/_sandbox/webhooks/deliveries").json().get("data")).isEmpty();
    }

    @Test
    void endpointsAndPendingDeliveriesTravelInTheExportAndResumeAfterImport() {
        receiver.behave(WebhookReceiver.Behaviour.FAIL_500);
        String endpoint = subscribe(Map.of("url", receiver.url()));
        postCredit(1_013);
        String id = onlyDelivery().get("id").asText();
        awaitAttempts(id, 1);
        JsonNode export = sandbox.exportState();
        assertThat(export.get("webhook_endpoints")).hasSize(1);
        assertThat(export.get("webhook_deliveries")).hasSize(1);

        sandbox.reset();
        receiver.behave(WebhookReceiver.Behaviour.OK);
        ok(control.put("/_sandbox/state", export), 200);
        assertThat(control.get("/_sandbox/webhooks").json().get("data").get(0).get("id").asText()).isEqualTo(endpoint);
        ok(control.post("/_sandbox/clock/advance", Map.of("by", "PT1M")), 200);
        JsonNode delivered = awaitAttempts(id, 2);
        assertThat(delivered.get("status").asText()).isEqualTo("delivered");
        List<WebhookReceiver.Received> got = receiver.await(2, WITHIN);
        assertThat(got.get(1).header("webhook-id")).isEqualTo(got.get(0).header("webhook-id"));
    }
}
