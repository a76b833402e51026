package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Instant;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sandbox's webhooks, wired to its event bus: each write's events become pending deliveries in
 * the same write (before it commits), and the dispatcher hears of them once it has committed. The
 * operations here are the ones the control routes, the typed handle and the dashboard share.
 */
public final class WebhookService implements AutoCloseable {
    private final SandboxRuntime runtime;
    private final WebhookEndpoints endpoints;
    private final WebhookFanout fanout;
    private final WebhookDispatcher dispatcher;
    /** Deliveries created by a write, held from its commit until it is released (keyed by the batch). */
    private final Map<List<DomainEvent>, List<WebhookDelivery>> committing =
            java.util.Collections.synchronizedMap(new IdentityHashMap<>());

    public WebhookService(SandboxRuntime runtime, String name, String version) {
        this.runtime = runtime;
        this.endpoints = WebhookEndpoints.configured(runtime.config().webhooks(),
                runtime.state().read(state -> state), runtime.clock().now());
        this.fanout = new WebhookFanout(endpoints);
        this.dispatcher = new WebhookDispatcher(name, runtime.state(), runtime.clock(), endpoints, version);
        runtime.events().beforeCommit((state, batch) -> {
            List<WebhookDelivery> created = fanout.deliveriesFor(state, batch);
            if (!created.isEmpty()) {
                committing.put(batch, created);
            }
        });
        runtime.events().afterCommit(batch -> {
            List<WebhookDelivery> created = committing.remove(batch);
            if (created != null) {
                dispatcher.enqueue(created);
            }
        });
        runtime.onStateReplaced(dispatcher::rebuild);
    }

    /** With a state file: deliveries wait until the change that caused them is on disk. */
    public void durableBarrier(Runnable barrier) {
        dispatcher.durableBarrier(barrier);
    }

    public List<WebhookEndpoint> endpoints() {
        return runtime.state().read(endpoints::all);
    }

    public WebhookEndpoint register(WebhookEndpoints.Registration registration) {
        return runtime.state().write(state -> endpoints.register(state, registration, runtime.clock().now()));
    }

    /**
     * An endpoint that lives as configuration (survives reset, no part of the state), added while the
     * sandbox runs; under the state's read lock, so no write is fanning events out meanwhile.
     */
    public WebhookEndpoint configure(RuntimeConfig.Webhook webhook) {
        return runtime.state().read(state -> endpoints.configure(state, webhook, runtime.clock().now()));
    }

    public WebhookEndpoint delete(String endpointId) {
        WebhookEndpoint deleted = runtime.state().write(state -> endpoints.delete(state, endpointId, runtime.clock().now()));
        dispatcher.endpointRemoved(endpointId);
        return deleted;
    }

    public WebhookDelivery delivery(String id) {
        return runtime.state().read(state -> {
            WebhookDelivery delivery = state.table(WebhookDelivery.TABLE).get(id);
            if (delivery == null) {
                throw DomainException.notFound("Webhook delivery", id);
            }
            return delivery;
        });
    }

    /** Sends a delivery again now, whatever its status, with a fresh retry schedule. */
    public WebhookDelivery redeliver(String id) {
        WebhookDelivery redelivered = runtime.state().write(state -> {
            WebhookDelivery delivery = state.table(WebhookDelivery.TABLE).get(id);
            if (delivery == null) {
                throw DomainException.notFound("Webhook delivery", id);
            }
            if (endpoints.find(state, delivery.endpointId()) == null) {
                throw DomainException.conflict("Webhook delivery " + id + " belongs to a deleted endpoint");
            }
            WebhookDelivery again = delivery.redeliver(runtime.clock().now());
            state.table(WebhookDelivery.TABLE).put(again);
            return again;
        });
        dispatcher.enqueue(List.of(redelivered));
        return redelivered;
    }

    /** Reads the state as of now, for lists of deliveries and the inbox. */
    public <R> R read(java.util.function.Function<SandboxState, R> reader) {
        return runtime.state().read(reader);
    }

    public WebhookEndpoints registry() {
        return endpoints;
    }

    public Instant now() {
        return runtime.clock().now();
    }

    @Override
    public void close() {
        dispatcher.close();
    }

    /**
     * How long an attempt may take before it is cut off (10 s): longer only in tests whose receiver holds
     * attempts on purpose, so that a loaded machine's slowness is not taken for a receiver's.
     */
    void attemptTimeout(java.time.Duration timeout) {
        dispatcher.attemptTimeout(timeout);
    }
}
