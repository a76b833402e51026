package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One event on its way to one endpoint: the body as it is sent on every attempt, the attempts so
 * far, and when the next one is due on the sandbox clock. {@code eventId} is the {@code webhook-id}
 * header, the same on every attempt (and for every endpoint that receives the event), so a receiver
 * can drop duplicates. Rows are immutable; each attempt replaces the row.
 */
public record WebhookDelivery(String id, String eventId, String event, String endpointId, Instant occurredAt,
                              JsonNode body, String status, List<Attempt> attempts, Instant nextAttemptAt,
                              int scheduleStart) {
    /** This row's table in every sandbox state: {@code state.table(WebhookDelivery.TABLE)}. */
    public static final TableKind<WebhookDelivery> TABLE = TableKind.newestFirst("webhook_deliveries", 130, WebhookDelivery.class, WebhookDelivery::id, d -> new SortKey(d.occurredAt(), d.id()), WebhookDelivery::endpointId);

    public static final String PENDING = "pending";
    public static final String DELIVERED = "delivered";
    public static final String FAILED = "failed";

    /** After the first failed attempt of a schedule, the waits before each retry: 7 attempts in all. */
    public static final List<Duration> RETRY_AFTER = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(8), Duration.ofHours(24));

    public WebhookDelivery {
        attempts = List.copyOf(attempts);
    }

    /** One try: when (sandbox clock), what came back (a status code, or an error), and how long it took. */
    public record Attempt(Instant at, Integer statusCode, String error, long durationMs) {
        @JsonIgnore
        public boolean succeeded() {
            return statusCode != null && statusCode >= 200 && statusCode < 300;
        }
    }

    /** The row after an attempt: delivered on a 2xx, else the next retry, or failed once the schedule is spent. */
    public WebhookDelivery after(Attempt attempt) {
        List<Attempt> all = new ArrayList<>(attempts);
        all.add(attempt);
        if (attempt.succeeded()) {
            return new WebhookDelivery(id, eventId, event, endpointId, occurredAt, body, DELIVERED, all, null, scheduleStart);
        }
        int failedInSchedule = all.size() - scheduleStart;
        if (failedInSchedule > RETRY_AFTER.size()) {
            return new WebhookDelivery(id, eventId, event, endpointId, occurredAt, body, FAILED, all, null, scheduleStart);
        }
        return new WebhookDelivery(id, eventId, event, endpointId, occurredAt, body, PENDING, all,
                attempt.at().plus(RETRY_AFTER.get(failedInSchedule - 1)), scheduleStart);
    }

    /** Sent again now, with a fresh retry schedule; the attempts so far stay in the log. */
    public WebhookDelivery redeliver(Instant now) {
        return new WebhookDelivery(id, eventId, event, endpointId, occurredAt, body, PENDING, attempts, now, attempts.size());
    }

    /** Its endpoint was deleted: no attempt will follow. */
    public WebhookDelivery abandoned() {
        return new WebhookDelivery(id, eventId, event, endpointId, occurredAt, body, FAILED, attempts, null, scheduleStart);
    }

    @JsonIgnore
    public boolean isPending() {
        return PENDING.equals(status);
    }
}
