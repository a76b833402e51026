package io.bankssandbox.junit5;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.webhooks.WebhookControls;
import io.bankssandbox.internal.webhooks.WebhooksFeature.DeliveryView;
import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a sandbox's webhook deliveries (what it sent, not what a receiver made of it);
 * failures list every delivery there was. They read the log as it stands: to wait for a delivery
 * first, use {@code sandbox.webhooks().awaitDelivered(...)}.
 */
public final class WebhooksAssert extends AbstractAssert<WebhooksAssert, WebhookControls> {

    WebhooksAssert(WebhookControls webhooks) {
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
        List<DeliveryView> all = actual.deliveries();
        boolean found = all.stream().anyMatch(d -> d.event().equals(event) && "delivered".equals(d.status())
                && matches(d.body().at(pointer), value));
        if (!found) {
            failWithMessage("Expected a delivered %s with %s = %s, but the deliveries were:%n%s", event, pointer, value,
                    describe(all));
        }
        return this;
    }

    /** Nothing is pending or failed: every event reached every endpoint. */
    public WebhooksAssert hasNoUndeliveredEvents() {
        isNotNull();
        List<DeliveryView> all = actual.deliveries();
        if (all.stream().anyMatch(d -> !"delivered".equals(d.status()))) {
            failWithMessage("Expected every delivery delivered, but the deliveries were:%n%s", describe(all));
        }
        return this;
    }

    /** No delivery of {@code event} at all (delivered, pending or failed). */
    public WebhooksAssert hasNoDeliveryOf(String event) {
        isNotNull();
        List<DeliveryView> all = actual.deliveries();
        if (all.stream().anyMatch(d -> d.event().equals(event))) {
            failWithMessage("Expected no %s delivery, but the deliveries were:%n%s", event, describe(all));
        }
        return this;
    }

    private WebhooksAssert hasDeliveredCount(String event, int expected) {
        isNotNull();
        List<DeliveryView> all = actual.deliveries();
        long delivered = all.stream().filter(d -> d.event().equals(event) && "delivered".equals(d.status())).count();
        if (expected < 0 ? delivered == 0 : delivered != expected) {
            failWithMessage("Expected %s delivered %s, but found %d among:%n%s",
                    expected < 0 ? "at least one" : String.valueOf(expected), event, delivered, describe(all));
        }
        return this;
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

    static String describe(List<DeliveryView> deliveries) {
        if (deliveries.isEmpty()) {
            return "  (nothing)";
        }
        return deliveries.stream().map(d -> "  " + d.id() + " " + d.event() + " to " + d.endpointId() + " " + d.status()
                + " after " + d.attempts().size() + " attempt(s): " + d.body()).collect(Collectors.joining("\n"));
    }
}
