package io.bankssandbox.internal.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bus and a write's buffer on their own: subscribers run in the order they subscribed, before
 * commit with the state, after it with the batch; a buffer reacts to each event as it is published,
 * hands out what came after a mark, and is empty after it is drained.
 */
class EventBusOrderTest {
    private record Happened(String name) implements DomainEvent {
        @Override
        public Instant occurredAt() {
            return Instant.EPOCH;
        }
    }

    @Test
    void beforeCommitSubscribersGetTheStateAndTheBatchInTheOrderTheySubscribed() {
        DomainEvents<String> bus = new DomainEvents<>();
        List<String> calls = new ArrayList<>();
        bus.beforeCommit((state, batch) -> calls.add("first " + state + " " + batch.size()));
        bus.beforeCommit((state, batch) -> calls.add("second " + state + " " + batch.size()));
        bus.afterCommit(batch -> calls.add("after " + batch.size()));
        List<DomainEvent> batch = List.of(new Happened("a"), new Happened("b"));
        bus.committing("state-1", batch);
        assertThat(calls).containsExactly("first state-1 2", "second state-1 2");
        bus.committed(batch);
        assertThat(calls).containsExactly("first state-1 2", "second state-1 2", "after 2");
    }

    @Test
    void afterCommitSubscribersGetTheBatchInTheOrderTheySubscribed() {
        DomainEvents<String> bus = new DomainEvents<>();
        List<String> calls = new ArrayList<>();
        bus.afterCommit(batch -> calls.add("one " + ((Happened) batch.get(0)).name()));
        bus.afterCommit(batch -> calls.add("two " + ((Happened) batch.get(0)).name()));
        bus.committed(List.of(new Happened("x")));
        assertThat(calls).containsExactly("one x", "two x");
    }

    @Test
    void aBufferReactsToEachEventAsItIsPublishedAndDrainsOldestFirst() {
        List<DomainEvent> reacted = new ArrayList<>();
        EventBuffer buffer = new EventBuffer(reacted::add);
        assertThat(buffer.drain()).isEmpty();
        Happened a = new Happened("a");
        Happened b = new Happened("b");
        Happened c = new Happened("c");
        buffer.publish(a);
        assertThat(reacted).containsExactly(a);
        int mark = buffer.size();
        assertThat(mark).isEqualTo(1);
        buffer.publish(b);
        buffer.publish(c);
        assertThat(buffer.size()).isEqualTo(3);
        assertThat(buffer.since(mark)).containsExactly(b, c);
        assertThat(buffer.since(0)).containsExactly(a, b, c);
        assertThat(buffer.drain()).containsExactly(a, b, c);
        assertThat(buffer.size()).isZero();
        assertThat(buffer.drain()).isEmpty();
        buffer.publish(a);
        assertThat(buffer.drain()).containsExactly(a);
        assertThat(reacted).containsExactly(a, b, c, a);
    }
}
