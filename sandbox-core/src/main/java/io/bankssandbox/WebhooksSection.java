package io.bankssandbox;

import io.bankssandbox.internal.runtime.Polling;
import io.bankssandbox.internal.webhooks.WebhookLog;
import io.bankssandbox.internal.webhooks.WebhookService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/** {@link Sandbox.Webhooks}: the webhook engine the control API drives, and waits on its delivery log. */
final class WebhooksSection implements Sandbox.Webhooks {
    private final Operator operator;

    WebhooksSection(Operator operator) {
        this.operator = operator;
    }

    private WebhookService service() {
        return operator.server().webhooks();
    }

    @Override
    public WebhookEndpoint subscribe(String url) {
        return subscribe(WebhookEndpoint.Registration.of(url));
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

    @Override
    public WebhookDelivery awaitDelivered(String event, Duration within) {
        return awaitDelivered(event, delivery -> true, within);
    }

    @Override
    public WebhookDelivery awaitDelivered(String event, Predicate<WebhookDelivery> matching, Duration within) {
        return await("a delivered " + event + " matching the condition",
                d -> d.event().equals(event) && d.delivered() && matching.test(d), within);
    }

    @Override
    public List<WebhookDelivery> awaitDelivered(int count, String event, Duration within) {
        return Polling.until(within, () -> {
            List<WebhookDelivery> delivered = oldestFirst(d -> d.event().equals(event) && d.delivered());
            return delivered.size() >= count ? Optional.of(delivered.subList(0, count)) : Optional.empty();
        }).orElseThrow(() -> failure(count + " delivered " + event, within));
    }

    @Override
    public WebhookDelivery awaitAttempts(String event, int attempts, Duration within) {
        return await("a " + event + " delivery with " + attempts + " attempt(s)",
                d -> d.event().equals(event) && d.attempts().size() >= attempts, within);
    }

    @Override
    public WebhookDelivery await(String what, Predicate<WebhookDelivery> condition, Duration within) {
        return Polling.until(within, () -> oldestFirst(condition).stream().findFirst())
                .orElseThrow(() -> failure(what, within));
    }

    private List<WebhookDelivery> oldestFirst(Predicate<WebhookDelivery> condition) {
        List<WebhookDelivery> matching = new ArrayList<>(deliveries().stream().filter(condition).toList());
        java.util.Collections.reverse(matching);
        return matching;
    }

    /** Says what the test waited for and lists every delivery there was, so a failing test shows what happened. */
    private AssertionError failure(String what, Duration within) {
        List<WebhookDelivery> all = deliveries();
        List<String> lines = new ArrayList<>();
        for (WebhookDelivery d : all) {
            List<String> attempts = new ArrayList<>();
            d.attempts().forEach(a -> attempts.add(a.statusCode() != null ? a.statusCode().toString() : a.error()));
            lines.add(d.id() + " " + d.event() + " to " + d.endpointId() + " " + d.status() + " attempts " + attempts
                    + " body " + d.body());
        }
        return new AssertionError("waited " + within + " for " + what + "; deliveries (newest first): "
                + (lines.isEmpty() ? "none" : "\n  " + String.join("\n  ", lines)));
    }
}
