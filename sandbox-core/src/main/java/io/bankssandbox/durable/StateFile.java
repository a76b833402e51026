package io.bankssandbox.durable;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.state.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The sandbox's whole state in one file ({@code --state-file}), in the format of
 * {@code GET /_sandbox/state}, so it can be read, diffed and imported like any export.
 *
 * <p>Every write is a full snapshot put in place atomically: written to a temporary file beside
 * it, forced to disk, renamed over the old one, and the directory forced. A {@code kill -9} at any
 * moment leaves either the previous snapshot or the new one, never a torn file. Writers that
 * arrive while a write is running share the next one (group commit): each waits until a snapshot
 * taken after its own mutation is on disk, so concurrent clients pay one write between them.
 */
public final class StateFile {
    private final Path file;
    private final Path temporary;
    private final Supplier<JsonNode> snapshot;
    private final AtomicLong requested = new AtomicLong();
    private long written; // guarded by this

    public StateFile(Path file, Supplier<JsonNode> snapshot) {
        this.file = file.toAbsolutePath();
        this.temporary = this.file.resolveSibling(this.file.getFileName() + ".tmp");
        this.snapshot = snapshot;
    }

    public Path path() {
        return file;
    }

    /** The saved state, if the file exists; a file that is not JSON is reported, never ignored. */
    public Optional<JsonNode> load() {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            JsonNode document = Json.MAPPER.readTree(file.toFile());
            if (document == null || !document.isObject()) {
                throw new StateFileException(file + ": not a state document (expected a JSON object)");
            }
            return Optional.of(document);
        } catch (IOException e) {
            throw new StateFileException(file + ": not readable as JSON: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** Returns once a snapshot that includes every mutation finished before this call is on disk. */
    public void persist() {
        long mine = requested.incrementAndGet();
        synchronized (this) {
            if (written >= mine) {
                return; // a write that started after our mutation already covered it
            }
            long covering = requested.get();
            write(snapshot.get());
            written = covering;
        }
    }

    private void write(JsonNode document) {
        try {
            Files.createDirectories(file.getParent());
            byte[] bytes = Json.MAPPER.writeValueAsBytes(document);
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
            forceDirectory();
        } catch (IOException e) {
            throw new UncheckedIOException("state file " + file + " could not be written", e);
        }
    }

    /** The rename is durable only once the directory entry is; some platforms cannot open a directory. */
    private void forceDirectory() {
        try (FileChannel directory = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            directory.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // Windows: directories cannot be opened this way; the rename is already atomic there
        }
    }

    /** The state file exists but cannot be used. */
    public static final class StateFileException extends RuntimeException {
        public StateFileException(String message) {
            super(message);
        }
    }
}
