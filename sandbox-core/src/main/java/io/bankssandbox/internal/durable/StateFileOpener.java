package io.bankssandbox.internal.durable;

import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.clock.ClockEvent;
import io.bankssandbox.internal.clock.SandboxClock;
import io.bankssandbox.internal.fixtures.FixtureException;
import io.bankssandbox.internal.fixtures.StateCodec;
import io.bankssandbox.internal.state.SandboxState;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a sandbox on its state file: reads the snapshot, replays the log after it, resumes the
 * clock (a running clock counts the time the sandbox was down), applies every transition that fell
 * due meanwhile, and from then on keeps every change. Without a file yet, the configured fixture
 * state becomes the first snapshot, written before the first request (so a path that cannot be
 * written stops the start).
 */
public final class StateFileOpener {
    private static final Logger LOG = LoggerFactory.getLogger(StateFileOpener.class);

    private StateFileOpener() {}

    public static StateFile open(SandboxRuntime runtime, Path file) {
        Path path = file.toAbsolutePath();
        StateFileLock lock;
        try {
            Files.createDirectories(path.getParent());
            lock = StateFileLock.acquire(path);
        } catch (IOException e) {
            throw new StateFile.StateFileException(path + ": cannot be written: " + e.getMessage());
        }
        try {
            return open(runtime, path, lock);
        } catch (RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static StateFile open(SandboxRuntime runtime, Path path, StateFileLock lock) {
        SnapshotFile snapshot = new SnapshotFile(path);
        Path logPath = path.resolveSibling(path.getFileName() + ".log");
        SandboxClock clock = runtime.clock();
        try {
            snapshot.removeUnfinished();
        } catch (IOException e) {
            throw new StateFile.StateFileException(path + ": cannot be written: " + e.getMessage());
        }
        boolean existed = Files.exists(path);
        SandboxState restored;
        ChangeRecord.Replayed replayed;
        long snapshotSeq;
        if (existed) {
            StateCodec.Decoded decoded = readSnapshot(runtime.codec(), path, runtime.config().seed());
            restored = decoded.state();
            snapshotSeq = decoded.logSequence();
            replayed = new ChangeRecord.Replayed(new SandboxClock.Anchor(restored.startedAt, decoded.wallClock()),
                    decoded.idempotencyKeys());
        } else {
            if (Files.exists(logPath)) {
                throw new StateFile.StateFileException(logPath + ": a log without its snapshot " + path
                        + " (was the snapshot moved away?); move the log away too to start afresh");
            }
            restored = runtime.state().read(SandboxState::copy);
            snapshotSeq = 0;
            replayed = new ChangeRecord.Replayed(clock.anchor(), runtime.idempotency().export());
        }
        long lastSeq;
        try {
            lastSeq = LogReader.replay(logPath, snapshotSeq, record -> ChangeRecord.apply(record, restored, replayed));
        } catch (IOException e) {
            throw new StateFile.StateFileException(logPath + ": not readable: " + e.getMessage());
        }
        runtime.restore(restored, replayed.idempotencyKeys, clock.resumed(replayed.clock));

        StateLog log;
        try {
            log = new StateLog(logPath, lastSeq);
        } catch (UncheckedIOException e) {
            throw new StateFile.StateFileException(logPath + ": cannot be written: " + e.getCause().getMessage());
        }
        StateFile stateFile = new StateFile(snapshot, log, lock, snapshotSeq, runtime.state(), clock, runtime.idempotency());
        runtime.state().commitTo(stateFile);
        runtime.idempotency().onStored(stateFile::keyStored);
        catchUp(runtime, path);
        if (!existed || lastSeq > snapshotSeq) {
            try {
                stateFile.checkpoint();
            } catch (IOException e) {
                throw new StateFile.StateFileException(path + ": cannot be written: " + e.getMessage());
            }
        }
        return stateFile;
    }

    /** The snapshot, read as a stream (a state file of a million rows is never held whole beside the state). */
    private static StateCodec.Decoded readSnapshot(StateCodec codec, Path path, long seed) {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
            return codec.decode(in, seed);
        } catch (FixtureException e) {
            throw new StateFile.StateFileException(path + ": " + String.join("; ", e.problems()));
        } catch (IOException e) {
            throw new StateFile.StateFileException(path + ": not readable: " + e.getMessage());
        }
    }

    /** Applies what fell due while the sandbox was stopped, at its due time; one log line per kind. */
    private static void catchUp(SandboxRuntime runtime, Path path) {
        Instant now = runtime.clock().now();
        List<ClockEvent> events = runtime.state().write(s -> runtime.timeMachine().applyDue(s, now));
        Map<String, Integer> counts = new TreeMap<>();
        for (ClockEvent event : events) {
            counts.merge(event.type(), 1, Integer::sum);
        }
        counts.forEach((type, count) -> LOG.info("{}: {} {} fell due while the sandbox was stopped, applied at their due times",
                path.getFileName(), count, type));
    }
}
