package io.bankssandbox.internal.durable;

import static io.bankssandbox.internal.durable.LogReaderTest.concat;
import static io.bankssandbox.internal.durable.LogReaderTest.line;
import static io.bankssandbox.internal.durable.LogReaderTest.records;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The one line a start logs when it drops a torn last record tells the operator exactly what was
 * lost: the bytes cut off, newline included, and the byte they started at.
 */
@Isolated("captures System.err: another class's output must not land in its capture")
class TornTailWarningTest {
    @TempDir
    Path dir;

    @Test
    void aLineCutOffBeforeItsNewlineIsLoggedWithTheBytesWritten() throws IOException {
        byte[] whole = records(1, 3);
        byte[] torn = line("{\"seq\":4,\"rows\":{\"cards\":[]}}");
        byte[] half = Arrays.copyOf(torn, torn.length / 2);
        Path log = write(concat(whole, half));

        assertThat(replayLogging(log)).contains(log + ": dropped a torn last record (" + half.length
                + " bytes at byte " + whole.length + "): the sandbox stopped while writing it, before it was acknowledged");
    }

    @Test
    void aGarbledLineWithItsNewlineIsLoggedWithTheNewlineCounted() throws IOException {
        byte[] whole = records(1, 2);
        byte[] garbled = line("{\"seq\":3}");
        garbled[10] = 'X';
        Path log = write(concat(whole, garbled));

        assertThat(replayLogging(log)).contains(log + ": dropped a torn last record (" + garbled.length
                + " bytes at byte " + whole.length + ")");
        assertThat(Files.size(log)).isEqualTo(whole.length);
    }

    private Path write(byte[] content) throws IOException {
        Path log = dir.resolve("sandbox.json.log");
        Files.write(log, content);
        return log;
    }

    /** Replays {@code log} and returns what the sandbox's logging printed meanwhile. */
    private static String replayLogging(Path log) throws IOException {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            LogReader.replay(log, 0, record -> { });
        } finally {
            System.setErr(err);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
