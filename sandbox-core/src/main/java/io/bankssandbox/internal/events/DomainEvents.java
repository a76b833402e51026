package io.bankssandbox.internal.events;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * One sandbox's event bus, over its state type {@code S}. The state holder calls it at the end of every write that published
 * events: first {@link #beforeCommit} subscribers, still under the write lock (what they change
 * commits atomically with the change that caused the events, as a webhook's pending delivery must),
 * then, with the lock released, {@link #afterCommit} subscribers (a receiver called back from there
 * sees the new state). Subscribers run on the writing thread, in the order they subscribed; they
 * must be quick and must not publish.
 */
public final class DomainEvents<S> {
    /** Reacts to a committed batch while the write lock is still held. */
    @FunctionalInterface
    public interface BeforeCommit<S> {
        void accept(S state, List<DomainEvent> batch);
    }

    private final List<BeforeCommit<S>> beforeCommit = new CopyOnWriteArrayList<>();
    private final List<Consumer<List<DomainEvent>>> afterCommit = new CopyOnWriteArrayList<>();

    public void beforeCommit(BeforeCommit<S> subscriber) {
        beforeCommit.add(subscriber);
    }

    public void afterCommit(Consumer<List<DomainEvent>> subscriber) {
        afterCommit.add(subscriber);
    }

    /** Called by the state holder under the write lock, with the write's events (never empty). */
    public void committing(S state, List<DomainEvent> batch) {
        for (BeforeCommit<S> subscriber : beforeCommit) {
            subscriber.accept(state, batch);
        }
    }

    /** Called by the state holder once the write lock is released. */
    public void committed(List<DomainEvent> batch) {
        for (Consumer<List<DomainEvent>> subscriber : afterCommit) {
            subscriber.accept(batch);
        }
    }
}
