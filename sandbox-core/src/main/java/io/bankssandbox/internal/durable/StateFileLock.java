package io.bankssandbox.internal.durable;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code FILE.lock}, locked while a sandbox uses the state file FILE: a second sandbox on the same
 * FILE (another process, or another sandbox in this JVM) would interleave its log with the first's
 * and delete the snapshot the first is writing, so it is refused at start. The operating system
 * releases the lock when the process ends, however it ends ({@code kill -9} included); the file
 * itself stays, empty (deleting it could race with the next sandbox taking it).
 */
final class StateFileLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private StateFileLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Locks {@code FILE.lock} beside {@code file}, or stops the start naming the file. */
    static StateFileLock acquire(Path file) throws IOException {
        Path path = file.resolveSibling(file.getFileName() + ".lock");
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // held by another sandbox in this JVM
        }
        if (lock == null) {
            channel.close();
            throw new StateFile.StateFileException(file + ": in use by another sandbox (" + path.getFileName()
                    + " is locked); a state file serves one sandbox at a time");
        }
        return new StateFileLock(channel, lock);
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the channel is gone either way, and with it the lock
        }
    }
}
