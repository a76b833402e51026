package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import io.bankssandbox.internal.testing.WebhookReceiver;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/** A sandbox and a real receiver on loopback, with the steps delivery tests share. */
abstract class WebhookTestBase extends SandboxTestBase {
    static final Duration WITHIN = Duration.ofSeconds(60);
    WebhookReceiver receiver;

    @BeforeAll
    void receiver() {
        receiver = new WebhookReceiver();
    }

    @BeforeEach
    void clear() {
        receiver.clear();
    }

    @AfterAll
    void stopReceiver() {
        receiver.close();
    }

    static JsonNode ok(ApiClient.Response response, int status) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        return response.json();
    }

    String subscribe(Map<String, Object> body) {
        return ok(control.post("/_sandbox/webhooks", body), 201).get("id").asText();
    }

    /** One credit posted now on Riverside Operating: an inbound ACH accepted by hand. */
    void postCredit(long amount) {
        postCredit(control, fixtures.riversideOperating(), amount);
    }

    static void postCredit(ApiClient control, String accountId, long amount) {
        String id = ok(control.post("/_sandbox/inbound-ach-transfers", Map.of("account_id", accountId,
                "amount", amount)), 201).get("id").asText();
        ok(control.post("/_sandbox/inbound-ach-transfers/" + id + "/accept", Map.of()), 200);
    }

    JsonNode onlyDelivery() {
        JsonNode data = control.get("/_sandbox/webhooks/deliveries").json().get("data");
        assertThat(data).hasSize(1);
        return data.get(0);
    }

    /** Waits until the delivery has {@code count} attempts recorded. */
    JsonNode awaitAttempts(String deliveryId, int count) {
        return awaitAttempts(control, deliveryId, count);
    }

    static JsonNode awaitAttempts(ApiClient control, String deliveryId, int count) {
        long deadline = System.nanoTime() + WITHIN.toNanos();
        while (true) {
            JsonNode delivery = ok(control.get("/_sandbox/webhooks/deliveries/" + deliveryId), 200);
            if (delivery.get("attempts").size() >= count) {
                return delivery;
            }
            assertThat(System.nanoTime()).as("attempt %d of %s within %s: %s", count, deliveryId, WITHIN, delivery)
                    .isLessThan(deadline);
            sleep(10);
        }
    }

    /**
     * The {@code webhook-signature} entry a delivery must carry, from an independent verifier written from
     * the Standard Webhooks spec: HMAC-SHA256 over "id.timestamp.body" with the decoded secret.
     */
    static String expectedSignature(String secret, WebhookReceiver.Received got) throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(
                java.util.Base64.getDecoder().decode(secret.replaceFirst("^whsec_", "")), "HmacSHA256"));
        String signed = got.header("webhook-id") + "." + got.header("webhook-timestamp") + "."
                + new String(got.body(), java.nio.charset.StandardCharsets.UTF_8);
        return "v1," + java.util.Base64.getEncoder().encodeToString(
                mac.doFinal(signed.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
