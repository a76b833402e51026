package io.bankssandbox.internal.http;

import io.bankssandbox.internal.clock.SandboxClock;
import java.util.HashMap;
import java.util.Map;

/**
 * Idempotency (per API key, 24 hours of sandbox time): a key seen before replays the resource it
 * created, in its current state, with {@code Idempotency-Replayed: true}; the same key with another
 * body or endpoint is 422, and while its first request runs 409. The key is stored only when the
 * request succeeds, so a corrected retry of a refused one may reuse it.
 */
final class IdempotencyFilter implements Filter {
    private final IdempotencyStore store;
    private final SandboxClock clock;
    private final Map<String, ReplayRenderer> renderers = new HashMap<>();

    IdempotencyFilter(IdempotencyStore store, SandboxClock clock) {
        this.store = store;
        this.clock = clock;
    }

    void registerReplay(String kind, ReplayRenderer renderer) {
        renderers.put(kind, renderer);
    }

    @Override
    public void apply(Exchange exchange) {
        if (!exchange.operation().idempotent()) {
            exchange.proceed();
            return;
        }
        IdempotencyStore.Outcome outcome = store.begin(exchange.caller.apiKey(), exchange.header("Idempotency-Key"),
                exchange.method, exchange.ctx.path(), BodyHash.of(exchange.requestBody), clock.now());
        if (outcome instanceof IdempotencyStore.Refuse refuse) {
            throw refuse.error();
        }
        if (outcome instanceof IdempotencyStore.Replay replay) {
            IdempotencyStore.Entry entry = replay.entry();
            exchange.answerJson(entry.status(), renderers.get(entry.kind()).render(exchange.caller, entry.id()));
            exchange.replayed = true;
            return;
        }
        IdempotencyStore.Slot slot = ((IdempotencyStore.Proceed) outcome).slot();
        boolean completed = false;
        try {
            exchange.proceed();
            store.complete(slot, exchange.status, exchange.replayKind, exchange.replayId);
            completed = true;
        } finally {
            if (!completed) {
                store.abandon(slot);
            }
        }
    }
}
