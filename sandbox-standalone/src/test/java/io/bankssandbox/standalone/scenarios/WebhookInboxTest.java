package io.bankssandbox.standalone.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.bankssandbox.state.Json;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The expect_webhook step's side of the inbox, against a loopback server that answers
 * {@code GET /_sandbox/webhooks/inbox} in the documented shape ({@code {"data": [entry, ...]}},
 * newest first, each entry the event's {@code body} with its {@code webhook_id}).
 */
class WebhookInboxTest {
    private HttpServer server;
    private final List<String> entries = new CopyOnWriteArrayList<>();
    private volatile int status = 200;

    @BeforeEach
    void startInbox() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/_sandbox/webhooks/inbox", exchange -> {
            List<String> newestFirst = new ArrayList<>(entries);
            Collections.reverse(newestFirst);
            byte[] body = (status == 200 ? "{\"data\":[" + String.join(",", newestFirst) + "]}"
                    : "{\"statusCode\":404,\"error\":\"Not Found\",\"message\":\"Cannot GET /_sandbox/webhooks/inbox\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stopInbox() {
        server.stop(0);
    }

    private WebhookInbox inbox() {
        return new WebhookInbox("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void receive(String webhookId, String event, String body) {
        entries.add("{\"webhook_id\":\"" + webhookId + "\",\"event\":\"" + event + "\",\"received_at\":\"2026-03-02T15:00:00Z\","
                + "\"delivery_id\":\"d-" + webhookId + "\",\"body\":" + body + "}");
    }

    private static JsonNode json(String text) throws Exception {
        return Json.MAPPER.readTree(text);
    }

    @Test
    void aMatchingDeliverySatisfiesOneStepOnlyAndARedeliveryIsTheSameEvent() throws Exception {
        receive("event_1", "transaction.created", "{\"event\":\"transaction.created\",\"transaction\":{\"amount\":5000}}");
        receive("event_1", "transaction.created", "{\"event\":\"transaction.created\",\"transaction\":{\"amount\":5000}}");
        WebhookInbox inbox = inbox();
        assertThat(inbox.await("transaction.created", json("{\"transaction\":{\"amount\":5000}}"), Duration.ofSeconds(5)))
                .isEmpty();
        assertThat(inbox.await("transaction.created", null, Duration.ofMillis(100))).singleElement().asString()
                .isEqualTo("no transaction.created delivery reached the inbox within PT0.1S (0 unmatched transaction.created received)");
    }

    @Test
    void aStepWaitsForADeliveryThatArrivesLater() throws Exception {
        Thread later = new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            receive("event_2", "entity.connected", "{\"event\":\"entity.connected\",\"entity\":{\"name\":\"Summit\"}}");
        });
        later.start();
        assertThat(inbox().await("entity.connected", json("{\"entity\":{\"name\":{\"$regex\":\"Sum.*\"}}}"), Duration.ofSeconds(30)))
                .isEmpty();
        later.join();
    }

    @Test
    void aMismatchSaysWhatWasReceivedInstead() throws Exception {
        receive("event_3", "transaction.created", "{\"event\":\"transaction.created\",\"transaction\":{\"amount\":-600}}");
        receive("event_4", "entity.connected", "{\"event\":\"entity.connected\",\"entity\":{\"name\":\"x\"}}");
        assertThat(inbox().await("transaction.created", json("{\"transaction\":{\"amount\":5000}}"), Duration.ofMillis(100)))
                .containsExactly("no transaction.created delivery matching the expected body reached the inbox within PT0.1S"
                        + " (1 unmatched transaction.created received)", "  $.transaction.amount: expected 5000, was -600");
    }

    @Test
    void aSandboxWithoutAnInboxSaysSo() throws Exception {
        status = 404;
        assertThat(inbox().await("transaction.created", null, Duration.ofSeconds(5))).singleElement().asString()
                .startsWith("the sandbox's webhook inbox answered 404: ");
    }
}
