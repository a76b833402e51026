package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import io.bankssandbox.internal.runtime.Polling;
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
    /** The most entries the inbox answers at once; a scenario that received more waits on the newest. */
    private static final int LIMIT = 1000;

    private final String baseUrl;
    private final Set<String> matched = new HashSet<>();

    WebhookInbox(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** Nothing when a delivery matched; otherwise why not, with what the inbox held. */
    List<String> await(String event, JsonNode expectedBody, Duration within) {
        String url = baseUrl + "/_sandbox/webhooks/inbox?event=" + event + "&limit=" + LIMIT;
        List<JsonNode> candidates = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        boolean matched = Polling.until(within, POLL, () -> {
            Exchange inbox = Exchange.send(url, "GET", Map.of(), null);
            if (inbox.status() != 200) {
                refused.add("the sandbox's webhook inbox answered " + inbox.status() + ": " + JsonMatch.show(inbox.body()));
                return Optional.of(false);
            }
            candidates.clear();
            List<JsonNode> received = deliveries(inbox.body());
            for (int i = received.size() - 1; i >= 0; i--) { // oldest first: the step takes the first that matches
                JsonNode delivery = received.get(i);
                JsonNode body = delivery.path("body");
                if (!event.equals(delivery.path("event").asText()) || this.matched.contains(key(delivery))) {
                    continue;
                }
                if (expectedBody == null || JsonMatch.matches(expectedBody, body)) {
                    this.matched.add(key(delivery));
                    return Optional.of(true);
                }
                candidates.add(body);
            }
            return Optional.empty();
        }).orElse(false);
        if (!refused.isEmpty()) {
            return refused;
        }
        if (matched) {
            return List.of();
        }
        List<String> problems = new ArrayList<>();
        problems.add("no " + event + " delivery " + (expectedBody == null ? "" : "matching the expected body ")
                + "reached the inbox within " + within + " (" + candidates.size() + " unmatched " + event + " received)");
        for (JsonNode candidate : candidates.subList(0, Math.min(3, candidates.size()))) {
            for (String difference : JsonMatch.differences(expectedBody, candidate)) {
                problems.add("  " + difference);
            }
        }
        if (!subscribed()) {
            problems.add("no endpoint with url \"inbox\" is subscribed: add a control step POST /_sandbox/webhooks"
                    + " {\"url\": \"inbox\"} before the events happen");
        }
        return problems;
    }

    /** Whether any endpoint delivers to the inbox (the likeliest reason it stays empty). */
    private boolean subscribed() {
        Exchange endpoints = Exchange.send(baseUrl + "/_sandbox/webhooks", "GET", Map.of(), null);
        if (endpoints.status() != 200) {
            return true; // nothing to say then: the inbox's own answer was already reported
        }
        for (JsonNode endpoint : endpoints.body().path("data")) {
            if ("inbox".equals(endpoint.path("url").asText())) {
                return true;
            }
        }
        return false;
    }

    /** The inbox's entries ({@code {"data": [...]}}), newest first. */
    private static List<JsonNode> deliveries(JsonNode answer) {
        List<JsonNode> out = new ArrayList<>();
        answer.path("data").forEach(out::add);
        return out;
    }

    /** What identifies one event: its {@code webhook_id} (the same on a redelivery, as a receiver would dedupe). */
    private static String key(JsonNode delivery) {
        return delivery.path("webhook_id").asText();
    }
}
