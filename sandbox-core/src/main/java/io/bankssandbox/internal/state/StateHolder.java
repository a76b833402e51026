package io.bankssandbox.internal.state;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.DomainEvents;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one way to touch a sandbox's state: reads share a lock, writes are exclusive, so a request
 * never sees a half-applied change and a rejected request changes nothing (it throws before writing,
 * or writes nothing). A write that published domain events hands them to the bus as it commits, and
 * every write hands what it changed to the commit log (a durable store; none in memory).
 */
public final class StateHolder {
    /**
     * Where committed changes go to be kept (the {@code --state-file} store). Called in commit order:
     * {@link #append} under the write lock once per outermost write, after the event bus's
     * before-commit subscribers (so what they put is part of the same change), then
     * {@link #committed} with the lock released and before the write returns.
     */
    public interface CommitLog {
        CommitLog NONE = new CommitLog() {
            @Override
            public long append(SandboxState state) {
                return 0;
            }

            @Override
            public void committed(long ticket) {
            }

            @Override
            public void replaced(SandboxState state) {
            }
        };

        /** Takes the write's changes ({@code state.changes} and whatever else it reads); 0 when nothing changed. */
        long append(SandboxState state);

        /** The write's record is appended; returns when it is durable, or leaves that to its caller's request. */
        void committed(long ticket);

        /** The whole state was swapped (reset, import); called under the write lock, after {@code alongside}. */
        void replaced(SandboxState state);
    }

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final DomainEvents<SandboxState> events;
    private volatile CommitLog commitLog = CommitLog.NONE;
    /** Volatile for {@link #readUnlocked}; every other access holds the lock. */
    private volatile SandboxState current;

    public StateHolder(SandboxState initial, DomainEvents<SandboxState> events) {
        this.current = initial;
        this.events = events;
    }

    /** Hands every later write's changes to {@code log}; the current state starts noting its puts. */
    public void commitTo(CommitLog log) {
        lock.writeLock().lock();
        try {
            this.commitLog = log;
            current.changes.record(log != CommitLog.NONE);
        } finally {
            lock.writeLock().unlock();
        }
    }

    public <R> R read(Function<SandboxState, R> reader) {
        lock.readLock().lock();
        try {
            return reader.apply(current);
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Reads, without the lock, what a writer publishes safely on its own: a volatile field of the
     * state (its API keys, the timeline's earliest due time) or a final immutable one. Every request
     * asks two such questions before its real work; under the read lock each waited for whatever
     * write was running, and parked threads cost more than the reads. The state may be replaced
     * meanwhile: the reader sees the one that was current when it started, as a read that had taken
     * the lock just before the replace would.
     */
    public <R> R readUnlocked(Function<SandboxState, R> reader) {
        return reader.apply(current);
    }

    public <R> R write(Function<SandboxState, R> writer) {
        R result = null;
        RuntimeException refused = null;
        List<DomainEvent> batch = List.of();
        long ticket;
        lock.writeLock().lock();
        try {
            // a write nested in another (a transition applied inside a request's write) leaves the
            // events and changes to the outermost one, which commits them all together
            boolean outermost = lock.getWriteHoldCount() == 1;
            try {
                result = writer.apply(current);
            } catch (RuntimeException e) {
                if (!outermost) {
                    throw e;
                }
                refused = e;
                current.events.drain(); // a refused write publishes nothing
            }
            if (refused == null) {
                batch = outermost ? current.events.drain() : List.of();
                if (!batch.isEmpty()) {
                    events.committing(current, batch);
                }
            }
            // a refused write puts nothing; should a bug have put rows before throwing, memory keeps
            // them, so the log must too
            ticket = outermost ? commitLog.append(current) : 0;
        } finally {
            lock.writeLock().unlock();
        }
        if (ticket != 0) {
            commitLog.committed(ticket);
        }
        if (refused != null) {
            throw refused;
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
            next.changes.record(commitLog != CommitLog.NONE);
            alongside.run();
            commitLog.replaced(next);
        } finally {
            lock.writeLock().unlock();
        }
    }
}
