package io.bankssandbox.internal.webhooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.entities.EntityConnected;
import io.bankssandbox.internal.accounts.TransactionPosted;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.transactions.TransactionView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Turns a committed write's domain events into pending deliveries, one per endpoint whose key sees
 * the event, inside the same write: the delivery exists exactly when the change does (an export, a
 * reset or a state file never holds one without the other). Bodies are the vendor's, rendered now,
 * as the API shows the object at the moment it changed.
 */
final class WebhookFanout {
    private final WebhookEndpoints endpoints;

    WebhookFanout(WebhookEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    /** Under the write lock: the deliveries the batch calls for, already in the state. */
    List<WebhookDelivery> deliveriesFor(SandboxState state, List<DomainEvent> batch) {
        List<WebhookEndpoint> all = endpoints.all(state);
        if (all.isEmpty()) {
            return List.of();
        }
        Map<String, Caller> keys = new HashMap<>();
        state.apiKeys.forEach(key -> keys.put(key.key(), Caller.of(key)));
        List<WebhookDelivery> created = new ArrayList<>();
        for (DomainEvent event : batch) {
            String name;
            JsonNode body;
            Predicate<WebhookEndpoint> receives;
            if (event instanceof TransactionPosted posted) {
                Account account = state.table(Account.TABLE).get(posted.transaction().accountId());
                name = WebhookEndpoints.TRANSACTION_CREATED;
                body = body(name, "transaction", Json.MAPPER.valueToTree(TransactionView.of(posted.transaction())), event);
                receives = endpoint -> sees(keys.get(endpoint.apiKey()), account.entityId());
            } else if (event instanceof EntityConnected connected) {
                name = WebhookEndpoints.ENTITY_CONNECTED;
                body = body(name, "entity", entity(connected.entity()), event);
                receives = endpoint -> endpoint.apiKey().equals(connected.apiKey());
            } else {
                continue; // an event with no webhook of its own
            }
            String eventId = null;
            for (WebhookEndpoint endpoint : all) {
                if (!endpoint.wants(name) || !receives.test(endpoint)) {
                    continue;
                }
                if (eventId == null) {
                    // ids are drawn only for events someone receives: without endpoints, ids stay as they were
                    eventId = state.ids.next("event_");
                }
                WebhookDelivery delivery = new WebhookDelivery(state.ids.next("webhook_delivery_"), eventId, name,
                        endpoint.id(), event.occurredAt(), body, WebhookDelivery.PENDING, List.of(),
                        event.occurredAt(), 0);
                state.table(WebhookDelivery.TABLE).put(delivery);
                created.add(delivery);
            }
        }
        return created;
    }

    /** A key deleted by an import since the endpoint was registered sees nothing. */
    private static boolean sees(Caller key, String entityId) {
        return key != null && key.canSee(entityId);
    }

    private static ObjectNode body(String event, String field, JsonNode object, DomainEvent source) {
        ObjectNode body = Json.MAPPER.createObjectNode();
        body.put("event", event);
        body.set(field, object);
        body.put("occurred_at", Json.timestamp(source.occurredAt()));
        return body;
    }

    /** The vendor's entity in an event: id, name, structure, npi; nothing else. */
    private static ObjectNode entity(Entity entity) {
        ObjectNode node = Json.MAPPER.createObjectNode();
        node.put("id", entity.id());
        node.put("name", entity.name());
        node.put("structure", entity.structure());
        node.put("npi", entity.npi());
        return node;
    }
}
