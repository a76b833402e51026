package io.bankssandbox.state;

import io.bankssandbox.events.DomainEvent;
import io.bankssandbox.events.DomainEvents;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one way to touch a sandbox's state: reads share a lock, writes are exclusive, so a request
 * never sees a half-applied change and a rejected request changes nothing (it throws before writing,
 * or writes nothing). A write that published domain events hands them to the bus as it commits.
 */
public final class StateHolder {
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final DomainEvents events;
    private SandboxState current;

    public StateHolder(SandboxState initial, DomainEvents events) {
        this.current = initial;
        this.events = events;
    }

    public <R> R read(Function<SandboxState, R> reader) {
        lock.readLock().lock();
        try {
            return reader.apply(current);
        } finally {
            lock.readLock().unlock();
        }
    }

    public <R> R write(Function<SandboxState, R> writer) {
        R result;
        List<DomainEvent> batch;
        lock.writeLock().lock();
        try {
            // a write nested in another (a transition applied inside a request's write) leaves the
            // events to the outermost one, which commits them all together
            boolean outermost = lock.getWriteHoldCount() == 1;
            try {
                result = writer.apply(current);
            } catch (RuntimeException | Error e) {
                if (outermost) {
                    current.events.drain(); // a refused write publishes nothing
                }
                throw e;
            }
            batch = outermost ? current.events.drain() : List.of();
            if (!batch.isEmpty()) {
                events.committing(current, batch);
            }
        } finally {
            lock.writeLock().unlock();
        }
        if (!batch.isEmpty()) {
            events.committed(batch);
        }
        return result;
    }

    public void update(Consumer<SandboxState> writer) {
        write(state -> {
            writer.accept(state);
            return null;
        });
    }

    /** Swaps the whole state, as reset and import do; runs {@code alongside} under the same lock. */
    public void replace(SandboxState next, Runnable alongside) {
        lock.writeLock().lock();
        try {
            current = next;
            alongside.run();
        } finally {
            lock.writeLock().unlock();
        }
    }
}
