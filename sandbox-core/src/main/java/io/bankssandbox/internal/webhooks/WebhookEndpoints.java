package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.openapi.Contracts;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The endpoints of one sandbox: those given at start (CLI {@code --webhook}, the builder's
 * {@code .webhook(url)}), which live here and survive reset, and those added through the control
 * API, which are state. The rules for a registration live here, whichever surface it came from.
 */
public final class WebhookEndpoints {
    public static final String TRANSACTION_CREATED = "transaction.created";
    public static final String ENTITY_CONNECTED = "entity.connected";
    public static final List<String> EVENTS = List.of(TRANSACTION_CREATED, ENTITY_CONNECTED);

    /** What a caller asks for; null fields take their defaults. */
    public record Registration(String url, String apiKey, List<String> events, String secret) {}

    /** Where the document states what a registration may say. */
    private static final String REQUEST_SCHEMA = "#/components/schemas/WebhookEndpointRequest";

    /** Given at start, then any added as configuration while the sandbox runs (see {@link #configure}). */
    private final List<WebhookEndpoint> configured;

    private WebhookEndpoints(List<WebhookEndpoint> configured) {
        this.configured = new java.util.concurrent.CopyOnWriteArrayList<>(configured);
    }

    /**
     * Endpoints given at start, checked like any registration: against the request schema (the one rule
     * for every way in), then against the fixture state (the key).
     */
    public static WebhookEndpoints configured(List<RuntimeConfig.Webhook> given, SandboxState fixtures, Instant at) {
        WebhookEndpoints endpoints = new WebhookEndpoints(List.of());
        for (RuntimeConfig.Webhook webhook : given) {
            endpoints.configure(fixtures, webhook, at);
        }
        return endpoints;
    }

    /**
     * Adds an endpoint that lives as the sandbox's configuration, as one given at start does: it
     * survives reset and is no part of the state. For a receiver whose address is known only once
     * the sandbox runs (the application's own port under Spring Boot). Call it under the state's lock.
     */
    public WebhookEndpoint configure(SandboxState state, RuntimeConfig.Webhook webhook, Instant at) {
        // the registration a subscription would send, against the same schema (messages name its fields)
        com.fasterxml.jackson.databind.node.ObjectNode registration = Json.MAPPER.createObjectNode()
                .put("url", webhook.url());
        if (webhook.apiKey() != null) {
            registration.put("api_key", webhook.apiKey());
        }
        if (webhook.events() != null) {
            registration.set("events", Json.MAPPER.valueToTree(webhook.events()));
        }
        if (webhook.secret() != null) {
            registration.put("secret", webhook.secret());
        }
        List<String> problems = Contracts.openApiValidator().validate(REQUEST_SCHEMA, registration);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("webhook " + webhook.url() + ": " + String.join("; ", problems));
        }
        synchronized (configured) {
            try {
                WebhookEndpoint endpoint = build("webhook_endpoint_start" + (configured.size() + 1),
                        new Registration(webhook.url(), webhook.apiKey(), webhook.events(), webhook.secret()), state, at,
                        WebhookEndpoint.CONFIG);
                configured.add(endpoint);
                return endpoint;
            } catch (DomainException e) {
                // several may be given: say which one is wrong
                throw new IllegalArgumentException("webhook " + webhook.url() + ": " + e.getMessage());
            }
        }
    }

    public List<WebhookEndpoint> configured() {
        return configured;
    }

    /** Every live endpoint: those given at start first, then those of the state in creation order. */
    public List<WebhookEndpoint> all(SandboxState state) {
        return including(state, false);
    }

    /** With the deleted ones too: what deliveries were once sent to. */
    public List<WebhookEndpoint> including(SandboxState state, boolean deleted) {
        if (state.table(WebhookEndpoint.TABLE).size() == 0) {
            return configured;
        }
        List<WebhookEndpoint> all = new ArrayList<>(configured);
        for (WebhookEndpoint endpoint : state.table(WebhookEndpoint.TABLE).all()) {
            if (deleted || !endpoint.isDeleted()) {
                all.add(endpoint);
            }
        }
        return all;
    }

    /** A live endpoint by id, or null. */
    public WebhookEndpoint find(SandboxState state, String id) {
        for (WebhookEndpoint endpoint : configured) {
            if (endpoint.id().equals(id)) {
                return endpoint;
            }
        }
        WebhookEndpoint endpoint = state.table(WebhookEndpoint.TABLE).get(id);
        return endpoint == null || endpoint.isDeleted() ? null : endpoint;
    }

    public WebhookEndpoint register(SandboxState state, Registration registration, Instant now) {
        WebhookEndpoint endpoint = build(state.ids.next("webhook_endpoint_"), registration, state, now,
                WebhookEndpoint.CONTROL);
        state.table(WebhookEndpoint.TABLE).put(endpoint);
        return endpoint;
    }

    /** Removes an endpoint added through the control API; its pending deliveries end as failed. */
    public WebhookEndpoint delete(SandboxState state, String id, Instant now) {
        WebhookEndpoint endpoint = state.table(WebhookEndpoint.TABLE).get(id);
        if (endpoint == null || endpoint.isDeleted()) {
            for (WebhookEndpoint given : configured) {
                if (given.id().equals(id)) {
                    throw DomainException.conflict("Webhook endpoint " + id
                            + " was given at start (--webhook or the builder) and lives as long as the sandbox");
                }
            }
            throw DomainException.notFound("Webhook endpoint", id);
        }
        state.table(WebhookEndpoint.TABLE).put(new WebhookEndpoint(endpoint.id(), endpoint.createdAt(), endpoint.url(),
                endpoint.apiKey(), endpoint.events(), endpoint.secret(), endpoint.origin(), now));
        for (WebhookDelivery delivery : List.copyOf(state.table(WebhookDelivery.TABLE).inPartition(id))) {
            if (delivery.isPending()) {
                state.table(WebhookDelivery.TABLE).put(delivery.abandoned());
            }
        }
        return endpoint;
    }

    private static WebhookEndpoint build(String id, Registration registration, SandboxState state, Instant now,
                                         String origin) {
        // the url's, the events' and the secret's forms are the request schema's (WebhookEndpointRequest), met by the route,
        // the typed handle, the endpoints given at start (configured) and the state's rows alike
        List<String> problems = new ArrayList<>();
        String url = registration.url();
        String key = registration.apiKey() != null ? registration.apiKey() : state.apiKeys.get(0).key();
        if (state.apiKeys.stream().map(ApiKey::key).noneMatch(key::equals)) {
            problems.add("api_key " + key + " is not an API key of this sandbox");
        }
        List<String> events = registration.events() != null ? List.copyOf(registration.events()) : EVENTS;
        String secret = registration.secret();
        if (!problems.isEmpty()) {
            throw DomainException.invalid(problems);
        }
        return new WebhookEndpoint(id, now, url, key, events.stream().distinct().toList(), secret, origin, null);
    }
}
