package io.bankssandbox.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sandbox's own webhook receiver ({@code GET /_sandbox/webhooks/inbox}, newest first) as an
 * {@code expect_webhook} step sees it: it waits, up to the step's {@code within} of wall-clock
 * time (deliveries are asynchronous), for a delivery of the event whose body matches. A delivery
 * matches one step at most, so two steps expecting the same event need two events (a redelivery of
 * one event is the same event).
 */
final class WebhookInbox {
    private static final Duration POLL = Duration.ofMillis(50);

    private final String url;
    private final Set<String> matched = new HashSet<>();

    WebhookInbox(String baseUrl) {
        this.url = baseUrl + "/_sandbox/webhooks/inbox";
    }

    /** Nothing when a delivery matched; otherwise why not, with what the inbox held. */
    List<String> await(String event, JsonNode expectedBody, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        List<JsonNode> candidates;
        while (true) {
            Exchange inbox = Exchange.send(url, "GET", Map.of(), null);
            if (inbox.status() != 200) {
                return List.of("the sandbox's webhook inbox answered " + inbox.status() + ": " + JsonMatch.show(inbox.body()));
            }
            candidates = new ArrayList<>();
            List<JsonNode> received = deliveries(inbox.body());
            for (int i = received.size() - 1; i >= 0; i--) { // oldest first: the step takes the first that matches
                JsonNode delivery = received.get(i);
                JsonNode body = body(delivery);
                if (!event.equals(body.path("event").asText()) || matched.contains(key(delivery))) {
                    continue;
                }
                if (expectedBody == null || JsonMatch.matches(expectedBody, body)) {
                    matched.add(key(delivery));
                    return List.of();
                }
                candidates.add(body);
            }
            if (System.nanoTime() >= deadline) {
                break;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of("interrupted while waiting for " + event);
            }
        }
        List<String> problems = new ArrayList<>();
        problems.add("no " + event + " delivery " + (expectedBody == null ? "" : "matching the expected body ")
                + "reached the inbox within " + within + " (" + candidates.size() + " unmatched " + event + " received)");
        for (JsonNode candidate : candidates.subList(0, Math.min(3, candidates.size()))) {
            for (String difference : JsonMatch.differences(expectedBody, candidate)) {
                problems.add("  " + difference);
            }
        }
        return problems;
    }

    /** The inbox's deliveries: a list answer's {@code data}, or a bare array. */
    private static List<JsonNode> deliveries(JsonNode answer) {
        JsonNode list = answer.isArray() ? answer : answer.path("data");
        List<JsonNode> out = new ArrayList<>();
        list.forEach(out::add);
        return out;
    }

    /** The event a delivery carried: its {@code body} (the POST the receiver got), or the entry itself when it is the event. */
    private static JsonNode body(JsonNode delivery) {
        return delivery.path("body").isObject() ? delivery.get("body") : delivery;
    }

    /** What identifies one event: its {@code webhook-id} (the same on a redelivery, as a receiver would dedupe). */
    private static String key(JsonNode delivery) {
        for (String field : new String[] {"webhook_id", "delivery_id", "id"}) {
            if (delivery.path(field).isTextual()) {
                return delivery.get(field).asText();
            }
        }
        return delivery.toString();
    }
}
