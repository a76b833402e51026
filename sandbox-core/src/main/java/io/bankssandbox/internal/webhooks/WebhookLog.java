package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading the deliveries: the log (newest first, filtered, paged) and the inbox, which is the log
 * of the sandbox's own receiver seen from the receiving side: one entry per successful attempt.
 */
public final class WebhookLog {
    private WebhookLog() {}

    /** What the inbox received: the headers' id, the event, when (sandbox clock), and the body. */
    public record InboxEntry(String webhookId, String event, Instant receivedAt, String deliveryId,
                             com.fasterxml.jackson.databind.JsonNode body) {}

    /** Null filters match everything. */
    public static Page<WebhookDelivery> deliveries(SandboxState state, String endpointId, String event, String status,
                                                   SortKey after, int limit) {
        return state.table(WebhookDelivery.TABLE).page(endpointId == null ? null : List.of(endpointId),
                d -> (event == null || event.equals(d.event())) && (status == null || status.equals(d.status())),
                after, limit);
    }

    /** Newest first, at most {@code limit}; {@code event} null for every event. */
    public static List<InboxEntry> inbox(WebhookEndpoints endpoints, SandboxState state, String event, int limit) {
        List<String> inboxes = new ArrayList<>();
        for (WebhookEndpoint endpoint : endpoints.including(state, true)) {
            if (endpoint.isInbox()) {
                inboxes.add(endpoint.id());
            }
        }
        List<InboxEntry> entries = new ArrayList<>();
        if (inboxes.isEmpty()) {
            return entries;
        }
        Page<WebhookDelivery> delivered = state.table(WebhookDelivery.TABLE).page(inboxes,
                d -> (event == null || event.equals(d.event())) && d.attempts().stream().anyMatch(WebhookDelivery.Attempt::succeeded),
                null, limit);
        for (WebhookDelivery delivery : delivered.items()) {
            List<WebhookDelivery.Attempt> attempts = delivery.attempts();
            for (int i = attempts.size() - 1; i >= 0 && entries.size() < limit; i--) {
                if (attempts.get(i).succeeded()) {
                    entries.add(new InboxEntry(delivery.eventId(), delivery.event(), attempts.get(i).at(), delivery.id(),
                            delivery.body()));
                }
            }
            if (entries.size() >= limit) {
                break;
            }
        }
        return entries;
    }
}
