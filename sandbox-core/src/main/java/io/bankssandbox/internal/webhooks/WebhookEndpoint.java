package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.Instant;
import java.util.List;

/**
 * Where events go: a URL (or {@code inbox}, the receiver the sandbox hosts), the API key whose
 * scope decides what is sent, the event names it wants, and an optional Standard Webhooks secret.
 * {@code origin} is {@code config} for endpoints given at start (CLI, builder: they survive reset and
 * are not part of the exported state) and {@code control} for those added through the control API.
 * A deleted endpoint stays as a row with {@code deletedAt} set (every change is a row put, which is
 * what the state file logs), so its deliveries still name it.
 */
public record WebhookEndpoint(String id, Instant createdAt, String url, String apiKey, List<String> events,
                              String secret, String origin, Instant deletedAt) {
    /** This row's table in every sandbox state: {@code state.table(WebhookEndpoint.TABLE)}. */
    public static final TableKind<WebhookEndpoint> TABLE = TableKind.oldestFirst("webhook_endpoints", 120, WebhookEndpoint.class, WebhookEndpoint::id, w -> new SortKey(w.createdAt(), w.id()), w -> null);

    public static final String INBOX = "inbox";
    public static final String CONFIG = "config";
    public static final String CONTROL = "control";

    public WebhookEndpoint {
        events = List.copyOf(events);
    }

    @JsonIgnore
    public boolean isDeleted() {
        return deletedAt != null;
    }

    @JsonIgnore
    public boolean isInbox() {
        return INBOX.equals(url);
    }

    public boolean wants(String event) {
        return events.contains(event);
    }
}
