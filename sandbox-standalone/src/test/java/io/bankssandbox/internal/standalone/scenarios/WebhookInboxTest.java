package io.bankssandbox.internal.standalone.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.ClockMode;
import io.bankssandbox.internal.standalone.Http;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The expect_webhook step's side of the sandbox's own inbox ({@code GET /_sandbox/webhooks/inbox}),
 * on a real sandbox whose transactions post through the control API and whose deliveries reach the
 * inbox asynchronously, as they do under {@code replay}.
 */
class WebhookInboxTest {
    private static final String HARBOR_OPERATING = "account_0000000srbl695e78hs4";

    private Sandbox sandbox;

    @BeforeEach
    void start() {
        sandbox = Sandbox.start(SandboxConfig.builder().fixtures("default").clockMode(ClockMode.FROZEN).build());
    }

    @AfterEach
    void stop() {
        sandbox.close();
    }

    private JsonNode control(String method, String path, String body, int status) throws Exception {
        HttpResponse<String> answer = Http.send(sandbox.baseUrl() + path, method, null, null, body);
        assertThat(answer.statusCode()).as(method + " " + path + ": " + answer.body()).isEqualTo(status);
        return Http.JSON.readTree(answer.body());
    }

    private void subscribeInbox() throws Exception {
        control("POST", "/_sandbox/webhooks", "{\"url\":\"inbox\"}", 201);
    }

    /** An inbound ACH credit, accepted at once: one transaction posts, so one transaction.created. */
    private void postCredit(long amount) throws Exception {
        String id = control("POST", "/_sandbox/inbound-ach-transfers",
                "{\"account_id\":\"" + HARBOR_OPERATING + "\",\"amount\":" + amount + "}", 201).get("id").asText();
        control("POST", "/_sandbox/inbound-ach-transfers/" + id + "/accept", "{}", 200);
    }

    /**
     * The inbox once it holds {@code size} entries (or after 60 s): a redelivery is answered when it
     * is queued, and its attempt reaches the inbox on the dispatcher's thread a moment later.
     */
    private JsonNode inboxOnceItHolds(int size) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonNode data = control("GET", "/_sandbox/webhooks/inbox", null, 200).get("data");
        while (data.size() < size && System.nanoTime() < deadline) {
            Thread.sleep(10);
            data = control("GET", "/_sandbox/webhooks/inbox", null, 200).get("data");
        }
        return data;
    }

    private WebhookInbox inbox() {
        return new WebhookInbox(sandbox.baseUrl());
    }

    private static JsonNode json(String text) throws Exception {
        return Http.JSON.readTree(text);
    }

    @Test
    void aMatchingDeliverySatisfiesOneStepOnlyAndARedeliveryIsTheSameEvent() throws Exception {
        subscribeInbox();
        postCredit(5_000);
        WebhookInbox inbox = inbox();
        assertThat(inbox.await("transaction.created", json("{\"transaction\":{\"amount\":5000}}"), Duration.ofSeconds(30)))
                .isEmpty();
        JsonNode delivery = control("GET", "/_sandbox/webhooks/deliveries", null, 200).get("data").get(0);
        control("POST", "/_sandbox/webhooks/deliveries/" + delivery.get("id").asText() + "/redeliver", null, 200);
        assertThat(inboxOnceItHolds(2)).hasSize(2);
        assertThat(inbox.await("transaction.created", null, Duration.ofMillis(100))).singleElement().asString()
                .isEqualTo("no transaction.created delivery reached the inbox within PT0.1S (0 unmatched transaction.created received)");
    }

    @Test
    void aStepWaitsForADeliveryThatArrivesLater() throws Exception {
        subscribeInbox();
        Thread later = new Thread(() -> {
            try {
                Thread.sleep(300);
                postCredit(4_321);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        later.start();
        assertThat(inbox().await("transaction.created",
                json("{\"transaction\":{\"amount\":4321,\"account_id\":{\"$regex\":\"account_[0-9a-z]{20}\"}}}"), Duration.ofSeconds(30)))
                .isEmpty();
        later.join();
    }

    @Test
    void aMismatchSaysWhatWasReceivedInstead() throws Exception {
        subscribeInbox();
        postCredit(700);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (control("GET", "/_sandbox/webhooks/inbox", null, 200).get("data").isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20); // delivered asynchronously: wait for it, so the step below sees it at once
        }
        assertThat(inbox().await("transaction.created", json("{\"transaction\":{\"amount\":5000}}"), Duration.ofMillis(100)))
                .containsExactly("no transaction.created delivery matching the expected body reached the inbox within PT0.1S"
                        + " (1 unmatched transaction.created received)", "  $.transaction.amount: expected 5000, was 700");
    }

    @Test
    void anEmptyInboxWithNoEndpointSubscribedToItSaysHowToSubscribe() throws Exception {
        postCredit(800);
        assertThat(inbox().await("transaction.created", null, Duration.ofMillis(300))).containsExactly(
                "no transaction.created delivery reached the inbox within PT0.3S (0 unmatched transaction.created received)",
                "no endpoint with url \"inbox\" is subscribed: add a control step POST /_sandbox/webhooks {\"url\": \"inbox\"}"
                        + " before the events happen");
    }
}
