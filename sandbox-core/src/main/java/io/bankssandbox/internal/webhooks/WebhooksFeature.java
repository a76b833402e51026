package io.bankssandbox.internal.webhooks;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.Cursors;
import io.bankssandbox.internal.http.DataList;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.PageView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The webhook control routes: endpoints ({@code /_sandbox/webhooks}), the delivery log and
 * redelivery ({@code /_sandbox/webhooks/deliveries}), and the inbox the sandbox hosts.
 */
public final class WebhooksFeature implements Feature {
    private final WebhookService webhooks;

    public WebhooksFeature(WebhookService webhooks) {
        this.webhooks = webhooks;
    }

    /** An endpoint as the control API shows it: the secret itself is never shown, only whether there is one. */
    public record EndpointView(String id, String url, String apiKey, List<String> events, boolean signed,
                               String origin, Instant createdAt) {
        public static EndpointView of(WebhookEndpoint e) {
            return new EndpointView(e.id(), e.url(), e.apiKey(), e.events(), e.secret() != null, e.origin(), e.createdAt());
        }
    }

    /** A delivery in the log. */
    public record DeliveryView(String id, String eventId, String event, String endpointId, String status,
                               Instant occurredAt, JsonNode body, List<WebhookDelivery.Attempt> attempts,
                               Instant nextAttemptAt) {
        public static DeliveryView of(WebhookDelivery d) {
            return new DeliveryView(d.id(), d.eventId(), d.event(), d.endpointId(), d.status(), d.occurredAt(), d.body(),
                    d.attempts(), d.nextAttemptAt());
        }
    }

    @Override
    public void controlRoutes(ApiRouter control) {
        control.get("/_sandbox/webhooks", ErrorShape.NEST, request ->
                ApiResponse.ok(new DataList<>(webhooks.endpoints().stream().map(EndpointView::of).toList())));
        control.post("/_sandbox/webhooks", ErrorShape.NEST, request -> {
            WebhookEndpoint endpoint = webhooks.register(registration(request.body()));
            return ApiResponse.created(EndpointView.of(endpoint), null, null);
        });
        control.delete("/_sandbox/webhooks/{endpoint_id}", ErrorShape.NEST, request ->
                ApiResponse.ok(EndpointView.of(webhooks.delete(request.path("endpoint_id")))));
        control.get("/_sandbox/webhooks/deliveries", ErrorShape.NEST, request -> webhooks.read(state -> ApiResponse.ok(
                PageView.of(WebhookLog.deliveries(state, request.query("endpoint_id"), request.query("event"),
                        request.query("status"), Cursors.decode(request.query("cursor")), request.queryInt("limit")),
                        DeliveryView::of))));
        control.get("/_sandbox/webhooks/deliveries/{delivery_id}", ErrorShape.NEST, request ->
                ApiResponse.ok(DeliveryView.of(webhooks.delivery(request.path("delivery_id")))));
        control.post("/_sandbox/webhooks/deliveries/{delivery_id}/redeliver", ErrorShape.NEST, request ->
                ApiResponse.ok(DeliveryView.of(webhooks.redeliver(request.path("delivery_id")))));
        control.get("/_sandbox/webhooks/inbox", ErrorShape.NEST, request -> webhooks.read(state -> ApiResponse.ok(
                new DataList<>(WebhookLog.inbox(webhooks.registry(), state, request.query("event"),
                        request.queryInt("limit"))))));
    }

    private static WebhookEndpoints.Registration registration(JsonNode body) {
        List<String> events = null;
        if (body.has("events")) {
            events = new ArrayList<>();
            for (JsonNode event : body.get("events")) {
                events.add(event.asText());
            }
        }
        return new WebhookEndpoints.Registration(text(body, "url"), text(body, "api_key"), events, text(body, "secret"));
    }

    private static String text(JsonNode body, String field) {
        JsonNode value = body.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
}
