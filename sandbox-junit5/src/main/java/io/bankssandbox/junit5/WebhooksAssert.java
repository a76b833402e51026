package io.bankssandbox.junit5;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bankssandbox.Sandbox;
import io.bankssandbox.WebhookDelivery;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a sandbox's webhook deliveries (what it sent, not what a receiver made of it);
 * failures list every delivery there was. They read the log as it stands: to wait for a delivery
 * first, use {@code sandbox.webhooks().awaitDelivered(...)}.
 */
public final class WebhooksAssert extends AbstractAssert<WebhooksAssert, Sandbox.Webhooks> {

    WebhooksAssert(Sandbox.Webhooks webhooks) {
        super(webhooks, WebhooksAssert.class);
    }

    /** At least one delivery of {@code event} succeeded. */
    public WebhooksAssert hasDelivered(String event) {
        return hasDeliveredCount(event, -1);
    }

    /** Exactly {@code expected} deliveries of {@code event} succeeded. */
    public WebhooksAssert hasDeliveredExactly(int expected, String event) {
        return hasDeliveredCount(event, expected);
    }

    /** A succeeded delivery of {@code event} whose body has {@code value} at the JSON pointer {@code pointer}. */
    public WebhooksAssert hasDeliveredWith(String event, String pointer, Object value) {
        isNotNull();
        List<WebhookDelivery> all = actual.deliveries();
        boolean found = all.stream().anyMatch(d -> d.event().equals(event) && d.delivered()
                && matches(tree(d.body()).at(pointer), value));
        if (!found) {
            failWithMessage("Expected a delivered %s with %s = %s, but the deliveries were:%n%s", event, pointer, value,
                    describe(all));
        }
        return this;
    }

    /** A succeeded delivery of {@code event} that {@code matching} accepts ({@code d -> d.transaction().amount() == 125_00}). */
    public WebhooksAssert hasDelivered(String event, Predicate<WebhookDelivery> matching) {
        isNotNull();
        List<WebhookDelivery> all = actual.deliveries();
        if (all.stream().noneMatch(d -> d.event().equals(event) && d.delivered() && matching.test(d))) {
            failWithMessage("Expected a delivered %s matching the condition, but the deliveries were:%n%s", event,
                    describe(all));
        }
        return this;
    }

    /** Nothing is pending or failed: every event reached every endpoint. */
    public WebhooksAssert hasNoUndeliveredEvents() {
        isNotNull();
        List<WebhookDelivery> all = actual.deliveries();
        if (all.stream().anyMatch(d -> !d.delivered())) {
            failWithMessage("Expected every delivery delivered, but the deliveries were:%n%s", describe(all));
        }
        return this;
    }

    /** No delivery of {@code event} at all (delivered, pending or failed). */
    public WebhooksAssert hasNoDeliveryOf(String event) {
        isNotNull();
        List<WebhookDelivery> all = actual.deliveries();
        if (all.stream().anyMatch(d -> d.event().equals(event))) {
            failWithMessage("Expected no %s delivery, but the deliveries were:%n%s", event, describe(all));
        }
        return this;
    }

    private WebhooksAssert hasDeliveredCount(String event, int expected) {
        isNotNull();
        List<WebhookDelivery> all = actual.deliveries();
        long delivered = all.stream().filter(d -> d.event().equals(event) && d.delivered()).count();
        if (expected < 0 ? delivered == 0 : delivered != expected) {
            failWithMessage("Expected %s delivered %s, but found %d among:%n%s",
                    expected < 0 ? "at least one" : String.valueOf(expected), event, delivered, describe(all));
        }
        return this;
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            return JSON.missingNode();
        }
    }

    private static boolean matches(JsonNode node, Object value) {
        if (node.isMissingNode()) {
            return false;
        }
        if (value instanceof Number number) {
            return node.isNumber() && node.decimalValue().compareTo(new java.math.BigDecimal(number.toString())) == 0;
        }
        return node.isValueNode() ? node.asText().equals(String.valueOf(value)) : node.toString().equals(String.valueOf(value));
    }

    static String describe(List<WebhookDelivery> deliveries) {
        if (deliveries.isEmpty()) {
            return "  (nothing)";
        }
        return deliveries.stream().map(d -> "  " + d.id() + " " + d.event() + " to " + d.endpointId() + " " + d.status()
                + " after " + d.attempts().size() + " attempt(s): " + d.body()).collect(Collectors.joining("\n"));
    }
}
