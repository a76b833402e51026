package io.bankssandbox.internal.durable;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the log back at start: the rotated files a snapshot had not yet replaced
 * ({@code FILE.log.<seq>}, oldest first), then {@code FILE.log}, handing each record after the
 * snapshot's to {@code apply}. Records must follow one another without a gap. The very last line
 * may be torn (the process or the machine died while appending it; it was never acknowledged): it
 * is dropped, the file cut back to the last whole record, and one line logged. Any other bad line
 * means the log itself is damaged, and the start fails naming the file, the line and the byte.
 */
final class LogReader {
    private static final Logger LOG = LoggerFactory.getLogger(LogReader.class);

    /** Handles one record, already checked. */
    @FunctionalInterface
    interface Apply {
        void record(JsonNode record) throws IOException;
    }

    private LogReader() {}

    /** Replays every record after {@code snapshotSeq}; returns the last seq found (at least {@code snapshotSeq}). */
    static long replay(Path log, long snapshotSeq, Apply apply) throws IOException {
        List<Path> files = new ArrayList<>(rotated(log));
        if (Files.exists(log)) {
            files.add(log);
        }
        long last = snapshotSeq;
        for (int i = 0; i < files.size(); i++) {
            last = replayFile(files.get(i), i == files.size() - 1, last, snapshotSeq, apply);
        }
        return last;
    }

    /** The rotated files beside {@code log}, oldest first. */
    static List<Path> rotated(Path log) throws IOException {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(log.getParent())) {
            return found;
        }
        String prefix = log.getFileName() + ".";
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(log.getParent(), prefix + "*")) {
            for (Path entry : entries) {
                if (entry.getFileName().toString().substring(prefix.length()).matches("\\d{1,18}")) {
                    found.add(entry);
                }
            }
        }
        found.sort(Comparator.comparingLong(p -> Long.parseLong(p.getFileName().toString().substring(prefix.length()))));
        return found;
    }

    private static long replayFile(Path file, boolean lastFile, long last, long snapshotSeq, Apply apply) throws IOException {
        long offset = 0;
        int lineNumber = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            Line line = new Line();
            while (line.readFrom(in)) {
                lineNumber++;
                byte[] json = line.complete ? LogLine.unframe(line.bytes, line.length) : null;
                if (json == null) {
                    if (lastFile && in.read() < 0) {
                        dropTornTail(file, offset, line.length + (line.complete ? 1 : 0));
                        return last;
                    }
                    throw damaged(file, lineNumber, offset, "its checksum does not match (the file was damaged)");
                }
                JsonNode record = Json.MAPPER.readTree(json);
                long seq = record.path("seq").asLong(-1);
                if (seq > snapshotSeq) {
                    if (seq != last + 1) {
                        throw damaged(file, lineNumber, offset, "record " + seq + " follows record " + last
                                + " (records in between are missing)");
                    }
                    try {
                        apply.record(record);
                    } catch (IOException | RuntimeException e) {
                        throw damaged(file, lineNumber, offset, "record " + seq + " cannot be applied: "
                                + e.getMessage().lines().findFirst().orElse(""));
                    }
                    last = seq;
                }
                offset += line.length + 1;
            }
        }
        return last;
    }

    private static void dropTornTail(Path file, long offset, long length) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(offset);
            channel.force(true);
        }
        LOG.warn("{}: dropped a torn last record ({} bytes at byte {}): the sandbox stopped while writing it, "
                + "before it was acknowledged", file, length, offset);
    }

    private static StateFile.StateFileException damaged(Path file, int line, long offset, String why) {
        return new StateFile.StateFileException(file + ": line " + line + " (byte " + offset + ") " + why
                + "; move the file away to start from the snapshot alone");
    }

    /** One line of bytes, without its newline; {@code complete} is false for a last line with none. */
    private static final class Line {
        byte[] bytes = new byte[1024];
        int length;
        boolean complete;

        boolean readFrom(InputStream in) throws IOException {
            length = 0;
            int b;
            while ((b = in.read()) >= 0) {
                if (b == '\n') {
                    complete = true;
                    return true;
                }
                if (length == bytes.length) {
                    bytes = Arrays.copyOf(bytes, bytes.length * 2);
                }
                bytes[length++] = (byte) b;
            }
            complete = false;
            return length > 0;
        }
    }
}
