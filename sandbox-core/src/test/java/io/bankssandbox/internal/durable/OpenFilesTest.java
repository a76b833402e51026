package io.bankssandbox.internal.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sandbox holds open only the files it still writes: after a rotation the moved-aside log is
 * closed (the compaction deletes it, and a held file would keep its disk space), and after a stop
 * nothing beside the state file is open (so it can be moved, or opened by the next sandbox on
 * Windows). What is open is read from the operating system ({@code /proc/self/fd}), so on a
 * system without it these tests are skipped.
 */
class OpenFilesTest {
    private static final Path OPEN_FILES = Path.of("/proc/self/fd");

    @TempDir
    Path dir;

    @BeforeEach
    void onlyWhereTheSystemListsOpenFiles() throws IOException {
        assumeTrue(Files.isDirectory(OPEN_FILES), "no /proc/self/fd here");
        dir = dir.toRealPath();
    }

    private Path log() {
        return dir.resolve("sandbox.json.log");
    }

    private static byte[] line(long seq) {
        return LogLine.frame(("{\"seq\":" + seq + "}").getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aRotatedLogIsClosedAndOnlyTheNewOneStaysOpenUntilTheLogCloses() throws IOException {
        StateLog log = new StateLog(log(), 0);
        log.append(OpenFilesTest::line);
        log.rotate(() -> "captured");
        assertThat(openIn(dir)).containsExactly(log().toString());

        log.close();
        assertThat(openIn(dir)).isEmpty();
    }

    @Test
    void aStoppedStateFileHoldsNothingOpen() {
        SandboxRuntime runtime = SandboxInternals.bareRuntime(SandboxConfig.defaults());
        StateFile stateFile = StateFileOpener.open(runtime, dir.resolve("sandbox.json"));
        assertThat(openIn(dir)).as("the log and the lock, while it runs")
                .containsExactlyInAnyOrder(log().toString(), dir.resolve("sandbox.json.lock").toString());

        stateFile.close();
        assertThat(openIn(dir)).isEmpty();
    }

    /** The files in {@code dir} this JVM holds open now. */
    private static List<String> openIn(Path dir) {
        List<String> open = new ArrayList<>();
        try (DirectoryStream<Path> descriptors = Files.newDirectoryStream(OPEN_FILES)) {
            for (Path descriptor : descriptors) {
                String target = target(descriptor);
                if (target.startsWith(dir + "/")) {
                    open.add(target);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return open;
    }

    /** Where a descriptor points; empty for one closed between the listing and the reading. */
    private static String target(Path descriptor) {
        try {
            return Files.readSymbolicLink(descriptor).toString();
        } catch (IOException e) {
            return "";
        }
    }
}
