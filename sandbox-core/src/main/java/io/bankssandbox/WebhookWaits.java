package io.bankssandbox;

import io.bankssandbox.internal.runtime.Polling;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The waits of {@link Sandbox.Webhooks} for both ways in: each looks at {@link #deliveries()} until what
 * it waits for is there or the deadline passes, and then lists every delivery there was. Only how the
 * log is read differs (the sandbox's state in process, {@code GET /_sandbox/webhooks/deliveries} over HTTP).
 */
abstract class WebhookWaits implements Sandbox.Webhooks {
    private final Duration interval;

    /** @param interval how long to wait between looks (a look that costs requests looks less often) */
    WebhookWaits(Duration interval) {
        this.interval = interval;
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
        return Polling.until(within, interval, () -> {
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
        return Polling.until(within, interval, () -> oldestFirst(condition).stream().findFirst())
                .orElseThrow(() -> failure(what, within));
    }

    private List<WebhookDelivery> oldestFirst(Predicate<WebhookDelivery> condition) {
        List<WebhookDelivery> matching = new ArrayList<>(deliveries().stream().filter(condition).toList());
        Collections.reverse(matching);
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
