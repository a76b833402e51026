package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The idempotency store's edges: its capacity, its retention, and what a state import leaves of it. */
class IdempotencyStoreTest {
    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    private static final String API_KEY = "lm_key_sandbox_all";

    private static void store(IdempotencyStore store, String key, Instant at) {
        IdempotencyStore.Proceed proceed = (IdempotencyStore.Proceed) store.begin(API_KEY, key, "POST", "/v0/cards",
                "hash-" + key, at);
        store.complete(proceed.slot(), 201, "card", "card_" + key);
    }

    private static IdempotencyStore.Outcome retry(IdempotencyStore store, String key, Instant at) {
        return store.begin(API_KEY, key, "POST", "/v0/cards", "hash-" + key, at);
    }

    @Test
    void aStoreAtItsCapacityKeepsEveryKeyAndOneMoreDropsTheOldest() {
        IdempotencyStore store = new IdempotencyStore(3);
        store(store, "key-1", T0);
        store(store, "key-2", T0);
        store(store, "key-3", T0);
        assertThat(store.size()).isEqualTo(3);
        assertThat(retry(store, "key-1", T0)).isInstanceOf(IdempotencyStore.Replay.class);

        store(store, "key-4", T0);
        assertThat(store.size()).isEqualTo(3);
        assertThat(store.export()).extracting(IdempotencyStore.Entry::key).containsExactly("key-2", "key-3", "key-4");
        IdempotencyStore.Outcome dropped = retry(store, "key-1", T0);
        assertThat(dropped).isInstanceOf(IdempotencyStore.Proceed.class);
        store.abandon(((IdempotencyStore.Proceed) dropped).slot());
        assertThat(retry(store, "key-2", T0)).isInstanceOf(IdempotencyStore.Replay.class);
    }

    @Test
    void aKeyIsKeptForJustUnderTwentyFourHoursOfSandboxTime() {
        IdempotencyStore store = new IdempotencyStore(10);
        store(store, "key-1", T0);
        Instant expiry = T0.plus(IdempotencyStore.RETENTION);
        assertThat(retry(store, "key-1", expiry.minusMillis(1))).isInstanceOf(IdempotencyStore.Replay.class);
        assertThat(retry(store, "key-1", expiry)).isInstanceOf(IdempotencyStore.Proceed.class);
        assertThat(store.size()).isZero();
    }

    @Test
    void anImportForgetsTheKeysStoredBeforeIt() {
        IdempotencyStore store = new IdempotencyStore(10);
        store(store, "key-before", T0);
        IdempotencyStore.Entry imported = new IdempotencyStore.Entry(IdempotencyStore.scopeOf(API_KEY), "key-imported",
                "POST", "/v0/cards", "hash-key-imported", T0, 201, "card", "card_imported");
        store.replaceAll(List.of(imported));

        assertThat(store.export()).containsExactly(imported);
        // the key used before the import is free again: a new body is a new request, not a 422
        assertThat(store.begin(API_KEY, "key-before", "POST", "/v0/cards", "another body", T0))
                .isInstanceOf(IdempotencyStore.Proceed.class);
        IdempotencyStore.Outcome replay = retry(store, "key-imported", T0);
        assertThat(replay).isInstanceOf(IdempotencyStore.Replay.class);
        assertThat(((IdempotencyStore.Replay) replay).entry()).isEqualTo(imported);
    }

    @Test
    void anImportForgetsTheRequestsStillRunning() {
        IdempotencyStore store = new IdempotencyStore(10);
        IdempotencyStore.Proceed running = (IdempotencyStore.Proceed) retry(store, "key-running", T0);
        assertThat(retry(store, "key-running", T0)).isInstanceOf(IdempotencyStore.Refuse.class);

        store.replaceAll(List.of());
        // the request that was running when the state was replaced stores nothing when it ends
        store.complete(running.slot(), 201, "card", "card_running");
        assertThat(store.size()).isZero();
        assertThat(retry(store, "key-running", T0)).isInstanceOf(IdempotencyStore.Proceed.class);
    }

    @Test
    void anImportOfMoreKeysThanTheCapacityKeepsTheNewest() {
        IdempotencyStore store = new IdempotencyStore(2);
        List<IdempotencyStore.Entry> entries = java.util.stream.IntStream.range(0, 5)
                .mapToObj(i -> new IdempotencyStore.Entry(IdempotencyStore.scopeOf(API_KEY), "key-" + i, "POST",
                        "/v0/cards", "hash-key-" + i, T0.plus(Duration.ofSeconds(i)), 201, "card", "card_" + i))
                .toList();
        store.replaceAll(entries);
        assertThat(store.export()).containsExactly(entries.get(3), entries.get(4));
    }

    @Test
    void keysAreScopedByApiKeyAndRefusedForAnotherRequest() {
        IdempotencyStore store = new IdempotencyStore(10);
        store(store, "key-1", T0);
        assertThat(store.begin("lm_key_sandbox_one", "key-1", "POST", "/v0/cards", "other", T0))
                .isInstanceOf(IdempotencyStore.Proceed.class);
        IdempotencyStore.Outcome otherPath = store.begin(API_KEY, "key-1", "POST", "/v0/book-transfer", "hash-key-1", T0);
        assertThat(((IdempotencyStore.Refuse) otherPath).error().status()).isEqualTo(422);
        IdempotencyStore.Outcome otherBody = store.begin(API_KEY, "key-1", "POST", "/v0/cards", "other", T0);
        assertThat(((IdempotencyStore.Refuse) otherBody).error().status()).isEqualTo(422);
    }

    @Test
    void eachKeyStoredIsToldToTheListenerInTheOrderStoredAndARefusedRequestIsNot() {
        IdempotencyStore store = new IdempotencyStore(10);
        List<IdempotencyStore.Entry> told = new java.util.ArrayList<>();
        store.onStored(told::add);
        store(store, "key-1", T0);
        IdempotencyStore.Proceed refused = (IdempotencyStore.Proceed) store.begin(API_KEY, "key-2", "POST", "/v0/cards",
                "hash-key-2", T0);
        store.abandon(refused.slot());
        store.complete(refused.slot(), 201, "card", "card_late"); // no longer reserved: nothing to keep
        store(store, "key-3", T0.plusSeconds(1));
        assertThat(told).extracting(IdempotencyStore.Entry::key, IdempotencyStore.Entry::status, IdempotencyStore.Entry::id)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("key-1", 201, "card_key-1"),
                        org.assertj.core.groups.Tuple.tuple("key-3", 201, "card_key-3"));
        assertThat(told).isEqualTo(store.export());
    }
}
