package io.bankssandbox.internal.durable;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * The append-only half of a state file: {@code FILE.log}, one committed change per line, each line
 * numbered ({@code seq}) and checksummed ({@link LogLine}). Appending only buffers the line (it is
 * called under the state's write lock, so lines are in commit order); {@link #awaitDurable} writes
 * and fsyncs. Whoever waits first writes everything buffered so far in one write and one fsync, and
 * those who arrive meanwhile share the next one (group commit), so concurrent clients pay one fsync
 * between them rather than one each.
 *
 * <p>When a snapshot is taken the log is rotated: the current file becomes {@code FILE.log.<seq>}
 * (every line up to {@code seq}, which the snapshot covers) and a new {@code FILE.log} starts; the
 * rotated file is deleted once the snapshot is safely in place. A crash in between leaves both,
 * and recovery skips what the snapshot already holds by {@code seq}.
 *
 * <p>Once a write or fsync has failed, the log is out of step with memory: every later wait fails
 * too, so no change is acknowledged as durable that a restart would not find.
 */
final class StateLog implements Closeable {
    private final Path path;
    private final Object flushLock = new Object();
    private final Object appendLock = new Object();
    private ByteArrayOutputStream pending = new ByteArrayOutputStream(); // guarded by appendLock
    private long appended; // the last seq handed out, guarded by appendLock
    private long size; // bytes in the file plus bytes pending, guarded by appendLock
    private FileChannel channel; // guarded by flushLock
    private Object fileKey; // what the open file is on disk, to notice it removed or replaced
    private volatile long durable;
    private volatile IOException failure;

    /** Opens {@code path} for appending after {@code lastSeq}, the last line recovery found. */
    StateLog(Path path, long lastSeq) {
        this.path = path;
        this.appended = lastSeq;
        this.durable = lastSeq;
        try {
            open();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void open() throws IOException {
        channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        size = channel.size();
        fileKey = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    }

    Path path() {
        return path;
    }

    /** The file a rotation at {@code seq} moves the log to. */
    static Path segment(Path log, long seq) {
        return log.resolveSibling(log.getFileName() + "." + seq);
    }

    /** Buffers one line; {@code render} gets its seq. Returns the seq, the ticket to wait for. */
    long append(LongFunction<byte[]> render) {
        synchronized (appendLock) {
            long seq = appended + 1;
            byte[] line = render.apply(seq);
            pending.write(line, 0, line.length);
            size += line.length;
            appended = seq;
            return seq;
        }
    }

    /** The seq of the last line buffered so far. */
    long appended() {
        synchronized (appendLock) {
            return appended;
        }
    }

    /** Bytes in the log, written or buffered. */
    long size() {
        synchronized (appendLock) {
            return size;
        }
    }

    /** Returns once every line up to {@code seq} is on disk. */
    void awaitDurable(long seq) throws IOException {
        if (durable >= seq && failure == null) {
            return;
        }
        synchronized (flushLock) {
            if (failure != null) {
                throw failure;
            }
            if (durable >= seq) {
                return;
            }
            flush();
        }
    }

    /** Under flushLock: writes what is buffered and fsyncs; a failure sticks. */
    private void flush() throws IOException {
        byte[] batch;
        long through;
        synchronized (appendLock) {
            batch = pending.toByteArray();
            pending = new ByteArrayOutputStream(Math.max(256, batch.length));
            through = appended;
        }
        try {
            ByteBuffer buffer = ByteBuffer.wrap(batch);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(false);
            checkStillInPlace();
        } catch (IOException e) {
            failure = e;
            throw e;
        }
        durable = through;
    }

    /** A log whose file was deleted or replaced under it is not durable, however well its writes go. */
    private void checkStillInPlace() throws IOException {
        try {
            Object current = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            if (current != null && !current.equals(fileKey)) {
                throw new IOException(path + " was replaced by another file");
            }
        } catch (NoSuchFileException e) {
            throw new IOException(path + " no longer exists", e);
        }
    }

    /**
     * Rotates the log: flushes what is buffered, runs {@code capture} while no line can be appended
     * (so what it captures is exactly the state after the last line), moves the file to
     * {@link #segment} of that line's seq and starts an empty one.
     */
    <T> Rotated<T> rotate(Supplier<T> capture) throws IOException {
        synchronized (flushLock) {
            if (failure != null) {
                throw failure;
            }
            synchronized (appendLock) {
                flush();
                T captured = capture.get();
                long through = appended;
                channel.close();
                Files.move(path, segment(path, through));
                try {
                    open();
                } catch (IOException e) {
                    failure = e;
                    throw e;
                }
                return new Rotated<>(captured, through);
            }
        }
    }

    /** What a rotation captured, and the seq of the last line before it. */
    record Rotated<T>(T captured, long seq) {}

    /** Whether appending stopped for good after a failed write (the failure), or null. */
    IOException failure() {
        return failure;
    }

    @Override
    public void close() throws IOException {
        synchronized (flushLock) {
            if (failure == null && channel.isOpen()) {
                flush();
            }
            channel.close();
        }
    }
}
