package io.bankssandbox.internal.durable;

import io.bankssandbox.internal.clock.SandboxClock;
import io.bankssandbox.internal.fixtures.StateWriter;
import io.bankssandbox.internal.http.Durability;
import io.bankssandbox.internal.http.IdempotencyStore;
import io.bankssandbox.internal.state.ChangeSet;
import io.bankssandbox.internal.state.NotDurableException;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateHolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --state-file FILE}: everything a restart needs, kept as a snapshot (FILE, a state document
 * as {@code GET /_sandbox/state} writes it) plus an append-only log of every change committed since
 * ({@code FILE.log}). A write appends one record of the rows it put, the id counter and the clock;
 * a stored idempotency key appends one too. Nothing is acknowledged before its records are fsynced:
 * a request's records are made durable together, once, just before its answer leaves
 * ({@link #settle}); a write outside a request (the Java handle) waits on its own.
 *
 * <p>When the log outgrows the snapshot, a background thread takes a new snapshot: it copies the
 * state and rotates the log in one step, writes the copy beside the old snapshot, renames it in
 * place and deletes the rotated log. Reset and import swap the whole state, so they write their
 * snapshot at once, before anything after them can be acknowledged. A clean stop writes a last
 * snapshot, which leaves FILE a complete document and the log empty.
 */
public final class StateFile implements StateHolder.CommitLog, Durability, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StateFile.class);
    /** The log is compacted once it is larger than the snapshot, and never for less than this. */
    static final long MIN_COMPACTION_BYTES = 256 * 1024;

    private final SnapshotFile snapshot;
    private final StateLog log;
    private final StateFileLock lock;
    private final StateHolder state;
    private final SandboxClock clock;
    private final IdempotencyStore keys;
    private final ThreadLocal<long[]> deferred = new ThreadLocal<>();
    private final ReentrantLock snapshotWriter = new ReentrantLock();
    private final ExecutorService compactor;
    private long loggedSequence; // guarded by the state's write lock
    private SandboxClock.Anchor loggedClock; // guarded by the state's write lock
    private long writtenSeq; // the seq of the snapshot on disk, guarded by snapshotWriter
    private volatile long compactAt = MIN_COMPACTION_BYTES;
    private volatile boolean compacting;
    private volatile NotDurableException broken;

    StateFile(SnapshotFile snapshot, StateLog log, StateFileLock lock, long snapshotSeq, StateHolder state,
              SandboxClock clock, IdempotencyStore keys) {
        this.snapshot = snapshot;
        this.log = log;
        this.lock = lock;
        this.writtenSeq = snapshotSeq;
        this.state = state;
        this.clock = clock;
        this.keys = keys;
        this.compactor = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "state-file-compaction " + snapshot.path().getFileName());
            thread.setDaemon(true);
            return thread;
        });
        state.read(s -> {
            loggedSequence = s.ids.next();
            return null;
        });
        loggedClock = clock.anchor();
    }

    public Path path() {
        return snapshot.path();
    }

    // ---- the commit log: called by the state holder

    @Override
    public long append(SandboxState current) {
        List<ChangeSet.Put> rows = current.changes.drain();
        long next = current.ids.next();
        SandboxClock.Anchor anchor = clock.anchor();
        Long sequence = next != loggedSequence ? next : null;
        SandboxClock.Anchor moved = anchor.equals(loggedClock) ? null : anchor;
        if (rows.isEmpty() && sequence == null && moved == null) {
            return 0;
        }
        loggedSequence = next;
        loggedClock = anchor;
        long ticket = log.append(seq -> LogLine.frame(ChangeRecord.encode(seq, rows, sequence, moved, List.of())));
        if (!compacting && log.size() >= compactAt) {
            compacting = true;
            compactor.execute(this::compact);
        }
        return ticket;
    }

    @Override
    public void committed(long ticket) {
        long[] owed = deferred.get();
        if (owed != null) {
            owed[0] = Math.max(owed[0], ticket);
        } else {
            awaitDurable(ticket);
        }
    }

    @Override
    public void replaced(SandboxState next) {
        // under the write lock: nothing after the swap is acknowledged before this snapshot is in place
        try {
            StateLog.Rotated<Capture> rotated = log.rotate(() -> capture(next));
            writeSnapshot(rotated);
        } catch (IOException e) {
            broken = new NotDurableException("State file " + snapshot.path() + " could not be written ("
                    + e.getMessage() + "): the sandbox runs on in memory, but nothing more is durable", e);
            throw broken;
        }
        loggedSequence = next.ids.next();
        loggedClock = clock.anchor();
    }

    /** Stored idempotency keys are part of what a restart needs: one record each. */
    public void keyStored(IdempotencyStore.Entry entry) {
        committed(log.append(seq -> LogLine.frame(ChangeRecord.encode(seq, List.of(), null, null, List.of(entry)))));
    }

    /**
     * Returns once every change committed before this call is on disk: webhook deliveries wait on
     * it, so no receiver hears of a change that a crash could still lose.
     */
    public void awaitCommitted() {
        awaitDurable(log.appended());
    }

    // ---- a request's durability: its records are fsynced together before its answer leaves

    @Override
    public void begin() {
        deferred.set(new long[1]);
    }

    @Override
    public void settle() {
        long[] owed = deferred.get();
        if (owed != null && owed[0] > 0) {
            long ticket = owed[0];
            owed[0] = 0;
            awaitDurable(ticket);
        }
    }

    @Override
    public void end() {
        try {
            settle();
        } catch (NotDurableException e) {
            LOG.warn("{}", e.getMessage());
        } finally {
            deferred.remove();
        }
    }

    private void awaitDurable(long ticket) {
        if (broken != null) {
            throw broken;
        }
        try {
            log.awaitDurable(ticket);
        } catch (IOException e) {
            throw new NotDurableException("State file " + log.path() + " could not be written (" + e.getMessage()
                    + "): the change is applied in memory but not durable", e);
        }
    }

    // ---- snapshots

    /** What a snapshot holds: the state (a copy, unless taken under the write lock), the clock, the keys. */
    private record Capture(SandboxState state, SandboxClock.Anchor clock, List<IdempotencyStore.Entry> keys) {}

    private Capture capture(SandboxState current) {
        return new Capture(current, clock.reading(), keys.export());
    }

    /** Takes a snapshot now: copies the state and rotates the log under the read lock, writes the copy outside it. */
    void checkpoint() throws IOException {
        StateLog.Rotated<Capture> rotated;
        try {
            rotated = state.read(s -> {
                try {
                    return log.rotate(() -> capture(s.copy()));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        writeSnapshot(rotated);
    }

    /** The background compaction: a failure loses nothing (the log keeps every change), a restart just replays more. */
    private void compact() {
        try {
            checkpoint();
        } catch (IOException e) {
            LOG.warn("state file {}: compaction failed, the log keeps growing: {}", snapshot.path(), e.getMessage());
        } finally {
            compacting = false;
        }
    }

    private void writeSnapshot(StateLog.Rotated<Capture> rotated) throws IOException {
        snapshotWriter.lock();
        try {
            if (rotated.seq() < writtenSeq) {
                return; // a later snapshot (a reset's, taken meanwhile) is already in place
            }
            Capture c = rotated.captured();
            long size = snapshot.write(c.state(), new StateWriter.Extras(c.clock().now(), c.clock().wallClock(),
                    c.keys(), rotated.seq()));
            writtenSeq = rotated.seq();
            compactAt = Math.max(MIN_COMPACTION_BYTES, size);
            for (Path old : LogReader.rotated(log.path())) {
                long through = Long.parseLong(old.getFileName().toString().substring(log.path().getFileName().toString().length() + 1));
                if (through <= rotated.seq()) {
                    Files.deleteIfExists(old);
                }
            }
            snapshot.forceDirectory();
        } finally {
            snapshotWriter.unlock();
        }
    }

    /** A clean stop: the last snapshot, so FILE alone is the whole state and the log is empty. */
    @Override
    public void close() {
        compactor.shutdown();
        try {
            compactor.awaitTermination(5, TimeUnit.MINUTES);
            if (broken == null && log.failure() == null) {
                checkpoint();
            }
            log.close();
        } catch (IOException e) {
            LOG.warn("state file {}: not written at shutdown ({}); every acknowledged change is in its log",
                    snapshot.path(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.close();
        }
    }

    /** The state file exists but cannot be used, or cannot be written at start. */
    public static final class StateFileException extends RuntimeException {
        public StateFileException(String message) {
            super(message);
        }
    }
}
