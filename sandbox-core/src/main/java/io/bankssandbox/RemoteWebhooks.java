package io.bankssandbox;

import io.bankssandbox.internal.webhooks.WebhookLog;
import io.bankssandbox.internal.webhooks.WebhooksFeature;
import java.time.Duration;
import java.util.List;

/** {@link Sandbox.Webhooks} over HTTP: {@code /_sandbox/webhooks}, its delivery log and its inbox. */
final class RemoteWebhooks extends WebhookWaits {
    private static final String WEBHOOKS = "/_sandbox/webhooks";
    /** The most entries {@code GET /_sandbox/webhooks/inbox} answers at once (its {@code limit}'s maximum). */
    static final int INBOX_LIMIT = 1000;

    private final ControlApi api;

    RemoteWebhooks(ControlApi api) {
        super(Duration.ofMillis(20));
        this.api = api;
    }

    @Override
    public WebhookEndpoint subscribe(WebhookEndpoint.Registration registration) {
        return endpoint(api.post(WEBHOOKS, Values.registration(registration)));
    }

    @Override
    public WebhookEndpoint unsubscribe(String endpointId) {
        return endpoint(api.delete(WEBHOOKS + "/" + ControlApi.segment(endpointId)));
    }

    @Override
    public List<WebhookEndpoint> endpoints() {
        return api.decodeEach(api.get(WEBHOOKS).path("data"), WebhooksFeature.EndpointView.class).stream()
                .map(Values::endpoint).toList();
    }

    private WebhookEndpoint endpoint(com.fasterxml.jackson.databind.JsonNode answer) {
        return Values.endpoint(api.decode(answer, WebhooksFeature.EndpointView.class));
    }

    @Override
    public List<WebhookDelivery> deliveries() {
        return api.decodeEach(api.everyPage(WEBHOOKS + "/deliveries"), WebhooksFeature.DeliveryView.class).stream()
                .map(Values::delivery).toList();
    }

    @Override
    public WebhookDelivery redeliver(String deliveryId) {
        return Values.delivery(api.decode(api.post(WEBHOOKS + "/deliveries/" + ControlApi.segment(deliveryId)
                + "/redeliver", null), WebhooksFeature.DeliveryView.class));
    }

    /** @throws IllegalStateException when the inbox holds {@value #INBOX_LIMIT} entries or more, the most the route answers */
    @Override
    public List<ReceivedWebhook> inbox() {
        List<WebhookLog.InboxEntry> entries = api.decodeEach(api.get(WEBHOOKS + "/inbox?limit=" + INBOX_LIMIT)
                .path("data"), WebhookLog.InboxEntry.class);
        if (entries.size() >= INBOX_LIMIT) {
            throw new IllegalStateException("the inbox of " + api.base() + " holds " + INBOX_LIMIT + " entries or more,"
                    + " the most GET /_sandbox/webhooks/inbox answers, so a connected handle cannot list it whole:"
                    + " read deliveries() (paged, complete), or reset the sandbox between tests");
        }
        return entries.stream().map(Values::received).toList();
    }
}
