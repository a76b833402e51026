package io.bankssandbox;

import io.bankssandbox.internal.webhooks.WebhookLog;
import io.bankssandbox.internal.webhooks.WebhookService;
import java.time.Duration;
import java.util.List;

/** {@link Sandbox.Webhooks}: the webhook engine the control API drives, and waits on its delivery log. */
final class WebhooksSection extends WebhookWaits {
    private final Operator operator;

    WebhooksSection(Operator operator) {
        super(Duration.ofMillis(5));
        this.operator = operator;
    }

    private WebhookService service() {
        return operator.server().webhooks();
    }

    @Override
    public WebhookEndpoint subscribe(WebhookEndpoint.Registration registration) {
        var command = Values.registration(registration);
        operator.check("POST", "/_sandbox/webhooks", command);
        return operator.call(() -> Values.endpoint(service().register(command)));
    }

    @Override
    public WebhookEndpoint unsubscribe(String endpointId) {
        return operator.call(() -> Values.endpoint(service().delete(endpointId)));
    }

    @Override
    public List<WebhookEndpoint> endpoints() {
        return service().endpoints().stream().map(Values::endpoint).toList();
    }

    @Override
    public List<WebhookDelivery> deliveries() {
        return service().read(state -> WebhookLog.deliveries(state, null, null, null, null, Integer.MAX_VALUE).items()
                .stream().map(Values::delivery).toList());
    }

    @Override
    public WebhookDelivery redeliver(String deliveryId) {
        return operator.call(() -> Values.delivery(service().redeliver(deliveryId)));
    }

    @Override
    public List<ReceivedWebhook> inbox() {
        return service().read(state -> WebhookLog.inbox(service().registry(), state, null, Integer.MAX_VALUE))
                .stream().map(Values::received).toList();
    }
}
