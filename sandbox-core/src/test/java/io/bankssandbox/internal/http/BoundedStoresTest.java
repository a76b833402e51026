package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The journal and the idempotency store keep steady memory however long a sandbox runs. */
class BoundedStoresTest {
    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");

    @Test
    void journalKeepsTheNewestEntriesUpToItsCapacity() {
        RequestJournal journal = new RequestJournal(100);
        for (int i = 1; i <= 25_000; i++) {
            journal.record(T0, "GET", "/v0/entities?i=" + i, null, null, 200, null);
        }
        assertThat(journal.size()).isEqualTo(100);
        assertThat(journal.entries().get(0).sequence()).isEqualTo(24_901);
        assertThat(journal.entries().get(99).path()).isEqualTo("/v0/entities?i=25000");
    }

    @Test
    void journalOfLargeBodiesStaysWithinItsByteBudget() {
        RequestJournal journal = new RequestJournal(10_000, 8L * 1024 * 1024);
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("nickname", "x".repeat(60_000));
        for (int i = 0; i < 2_000; i++) {
            journal.record(T0, "POST", "/v0/cards", "key-" + i, body, 400, body);
        }
        // 2,000 entries of ~120 KB each (two 60 KB bodies kept as JSON bytes) would be ~240 MB;
        // the budget keeps the newest that fit: 8 MiB / 120 KB is 69
        assertThat(journal.bytes()).isLessThanOrEqualTo(8L * 1024 * 1024);
        assertThat(journal.size()).isBetween(60, 70);
        assertThat(journal.entries().get(journal.size() - 1).idempotencyKey()).isEqualTo("key-1999");
    }

    @Test
    void journalKeepsOneEntryEvenWhenItAloneIsOverTheBudget() {
        RequestJournal journal = new RequestJournal(10, 1_000);
        journal.record(T0, "POST", "/v0/cards", null,
                JsonNodeFactory.instance.objectNode().put("nickname", "x".repeat(5_000)), 400, null);
        assertThat(journal.size()).isEqualTo(1);
        journal.clear();
        assertThat(journal.size()).isZero();
        assertThat(journal.bytes()).isZero();
    }

    @Test
    void idempotencyStoreDropsItsOldestKeysPastCapacity() {
        IdempotencyStore store = new IdempotencyStore(1_000);
        for (int i = 0; i < 5_000; i++) {
            IdempotencyStore.Proceed proceed = (IdempotencyStore.Proceed) store.begin("lm_key_sandbox_all",
                    "key-" + i, "POST", "/v0/cards", "hash", T0);
            store.complete(proceed.slot(), 201, "card", "card_" + i);
        }
        assertThat(store.size()).isEqualTo(1_000);
        assertThat(store.export().get(0).key()).isEqualTo("key-4000");
    }

    @Test
    void idempotencyKeysExpireAfterTwentyFourHoursOfSandboxTime() {
        IdempotencyStore store = new IdempotencyStore(1_000);
        for (int i = 0; i < 500; i++) {
            IdempotencyStore.Proceed proceed = (IdempotencyStore.Proceed) store.begin("lm_key_sandbox_all",
                    "key-" + i, "POST", "/v0/cards", "hash", T0.plus(Duration.ofMinutes(i)));
            store.complete(proceed.slot(), 201, "card", "card_" + i);
        }
        // a day after the 100th key was stored: keys 0..100 are gone, the rest replay
        Instant later = T0.plus(Duration.ofMinutes(100)).plus(IdempotencyStore.RETENTION);
        IdempotencyStore.Outcome reused = store.begin("lm_key_sandbox_all", "key-0", "POST", "/v0/cards", "other", later);
        assertThat(reused).isInstanceOf(IdempotencyStore.Proceed.class);
        store.abandon(((IdempotencyStore.Proceed) reused).slot());
        assertThat(store.size()).isEqualTo(399);
        assertThat(store.begin("lm_key_sandbox_all", "key-101", "POST", "/v0/cards", "hash", later))
                .isInstanceOf(IdempotencyStore.Replay.class);
    }

    @Test
    void anAbandonedReservationLeavesNothingBehind() {
        IdempotencyStore store = new IdempotencyStore(10);
        for (int i = 0; i < 10_000; i++) {
            IdempotencyStore.Proceed proceed = (IdempotencyStore.Proceed) store.begin("lm_key_sandbox_all",
                    "key-" + i, "POST", "/v0/cards", "hash", T0);
            store.abandon(proceed.slot());
        }
        assertThat(store.size()).isZero();
        assertThat(store.begin("lm_key_sandbox_all", "key-1", "POST", "/v0/cards", "hash", T0))
                .isInstanceOf(IdempotencyStore.Proceed.class);
    }
}
