package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.control.ControlCalls;
import io.bankssandbox.internal.webhooks.WebhooksFeature.DeliveryView;
import io.bankssandbox.internal.webhooks.WebhooksFeature.EndpointView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Webhooks from a test: subscribe a receiver, read the delivery log and the inbox, redeliver, and
 * wait until an event was delivered. Subscribing goes through {@code POST /_sandbox/webhooks}'s own
 * handler, so it accepts and refuses what the control API does.
 *
 * <pre>{@code
 * sandbox.webhooks().subscribe(receiver.url());
 * // ... make a payment post ...
 * DeliveryView delivery = sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(5));
 * }</pre>
 */
public final class WebhookControls {
    private static final long POLL_MILLIS = 5;

    private final ControlCalls calls;
    private final WebhookService service;

    public WebhookControls(ControlCalls calls, WebhookService service) {
        this.calls = calls;
        this.service = service;
    }

    /** Sends both events, as the default key sees them, to {@code url} ({@code inbox} for the sandbox's own receiver). */
    public EndpointView subscribe(String url) {
        return subscribe(new WebhookEndpoints.Registration(url, null, null, null));
    }

    /** A registration with a key, events and a secret of your choosing (null fields take their defaults). */
    public EndpointView subscribe(WebhookEndpoints.Registration registration) {
        return calls.post(EndpointView.class, "/_sandbox/webhooks", Map.of(), registration);
    }

    public EndpointView unsubscribe(String endpointId) {
        return calls.call("DELETE", EndpointView.class, "/_sandbox/webhooks/{endpoint_id}",
                Map.of("endpoint_id", endpointId), null);
    }

    /** Every endpoint: those given at start, then those subscribed since. */
    public List<EndpointView> endpoints() {
        return service.endpoints().stream().map(EndpointView::of).toList();
    }

    /** Every delivery since start (or the last reset), newest first, with its attempts. */
    public List<DeliveryView> deliveries() {
        return service.read(state -> state.table(WebhookDelivery.TABLE).all().stream().map(DeliveryView::of).toList());
    }

    /** Sends a delivery again now, with the same {@code webhook-id}. */
    public DeliveryView redeliver(String deliveryId) {
        return calls.post(DeliveryView.class, "/_sandbox/webhooks/deliveries/{delivery_id}/redeliver",
                Map.of("delivery_id", deliveryId), null);
    }

    /** What the sandbox's own receiver got (endpoints with url {@code inbox}), newest first. */
    public List<WebhookLog.InboxEntry> inbox() {
        return service.read(state -> WebhookLog.inbox(service.registry(), state, null, Integer.MAX_VALUE));
    }

    /** Blocks until a delivery of {@code event} succeeded; fails with what was delivered instead. */
    public DeliveryView awaitDelivered(String event, Duration within) {
        return awaitDelivered(event, delivery -> true, within);
    }

    /**
     * Blocks until a delivery of {@code event} that {@code matching} accepts succeeded (the oldest
     * such one is answered); after {@code within}, throws an {@link AssertionError} listing every
     * delivery there was, so a failing test says what happened instead.
     */
    public DeliveryView awaitDelivered(String event, Predicate<DeliveryView> matching, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            List<DeliveryView> deliveries = deliveries();
            for (int i = deliveries.size() - 1; i >= 0; i--) {
                DeliveryView delivery = deliveries.get(i);
                if (delivery.event().equals(event) && "delivered".equals(delivery.status()) && matching.test(delivery)) {
                    return delivery;
                }
            }
            if (System.nanoTime() >= deadline) {
                throw new AssertionError("no " + event + " delivery matching the condition succeeded within " + within
                        + "; deliveries (newest first): " + describe(deliveries));
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + event, e);
            }
        }
    }

    private static String describe(List<DeliveryView> deliveries) {
        if (deliveries.isEmpty()) {
            return "none";
        }
        List<String> lines = new ArrayList<>();
        for (DeliveryView d : deliveries) {
            List<String> attempts = new ArrayList<>();
            d.attempts().forEach(a -> attempts.add(a.statusCode() != null ? a.statusCode().toString() : a.error()));
            lines.add(d.id() + " " + d.event() + " to " + d.endpointId() + " " + d.status() + " attempts " + attempts
                    + " body " + d.body());
        }
        return String.join("\n  ", lines);
    }
}
