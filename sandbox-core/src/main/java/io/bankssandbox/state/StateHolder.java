package io.bankssandbox.state;

import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one way to touch a sandbox's state: reads share a lock, writes are exclusive, so a request
 * never sees a half-applied change and a rejected request changes nothing (it throws before writing,
 * or writes nothing).
 */
public final class StateHolder {
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private SandboxState current;

    public StateHolder(SandboxState initial) {
        this.current = initial;
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
        lock.writeLock().lock();
        try {
            return writer.apply(current);
        } finally {
            lock.writeLock().unlock();
        }
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
