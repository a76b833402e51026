package io.bankssandbox;

import java.time.Instant;
import java.util.List;

/**
 * One event sent (or being sent) to one endpoint, from the delivery log: its attempts so far and
 * when the next is due on the sandbox clock. {@code eventId} is the {@code webhook-id} header, the
 * same on every attempt, so a receiver can drop duplicates. A failed attempt is retried after 1 min,
 * 5 min, 30 min, 2 h, 8 h and 24 h of sandbox time; after the 7th the delivery is {@link #FAILED}.
 *
 * @param body the JSON body sent, as text (what a receiver verifies a signature over)
 * @param transaction for {@link #TRANSACTION_CREATED}: the transaction the body carries; else null
 * @param entity for {@link #ENTITY_CONNECTED}: the entity the body carries; else null
 * @param nextAttemptAt null once delivered or failed
 */
public record WebhookDelivery(String id, String eventId, String event, String endpointId, String status,
                              Instant occurredAt, String body, Transaction transaction, Entity entity,
                              List<Attempt> attempts, Instant nextAttemptAt) {
    public static final String TRANSACTION_CREATED = "transaction.created";
    public static final String ENTITY_CONNECTED = "entity.connected";

    public static final String PENDING = "pending";
    public static final String DELIVERED = "delivered";
    public static final String FAILED = "failed";

    public WebhookDelivery {
        attempts = List.copyOf(attempts);
    }

    /**
     * One try: when (sandbox clock), what came back (an HTTP status, or an error such as a refused
     * connection or a timeout), and how long it took.
     *
     * @param statusCode null when no HTTP answer came back
     * @param error null when one did
     */
    public record Attempt(Instant at, Integer statusCode, String error, long durationMs) {
        /** A 2xx answer. */
        public boolean succeeded() {
            return statusCode != null && statusCode >= 200 && statusCode < 300;
        }
    }

    public boolean delivered() {
        return DELIVERED.equals(status);
    }
}
