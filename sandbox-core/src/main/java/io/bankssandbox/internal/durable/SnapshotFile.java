package io.bankssandbox.internal.durable;

import io.bankssandbox.internal.fixtures.StateWriter;
import io.bankssandbox.internal.state.SandboxState;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The snapshot half of a state file: FILE itself, one state document (the format of
 * {@code GET /_sandbox/state}, plus the clock's wall-clock anchor and the last log record it
 * includes). Put in place atomically: written to {@code FILE.tmp}, forced to disk, renamed over
 * FILE, the directory forced; a {@code kill -9} at any moment leaves the previous snapshot or the
 * new one, never a torn file.
 */
final class SnapshotFile {
    private final Path file;
    private final Path temporary;

    SnapshotFile(Path file) {
        this.file = file;
        this.temporary = file.resolveSibling(file.getFileName() + ".tmp");
    }

    Path path() {
        return file;
    }

    /** A temporary file left by a snapshot that was cut short: never read, so removed. */
    void removeUnfinished() throws IOException {
        Files.deleteIfExists(temporary);
    }

    /** Writes a snapshot and puts it in place; returns its size in bytes. */
    long write(SandboxState state, StateWriter.Extras extras) throws IOException {
        Files.createDirectories(file.getParent());
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
            StateWriter.write(out, state, extras);
            out.flush();
            channel.force(true);
        }
        long size = Files.size(temporary);
        try {
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
        }
        forceDirectory();
        return size;
    }

    /** The rename is durable only once the directory entry is; some platforms cannot open a directory. */
    void forceDirectory() {
        try (FileChannel directory = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            directory.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // Windows: directories cannot be opened this way; the rename is already atomic there
        }
    }
}
