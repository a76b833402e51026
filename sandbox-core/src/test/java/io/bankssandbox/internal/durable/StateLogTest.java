package io.bankssandbox.internal.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log's append and its durability, on files in a temporary directory: appending buffers and
 * numbers a line, a wait writes everything buffered so far, a rotation moves the file aside under
 * the seq of its last line, and a failed write (the file deleted or replaced under the log) fails
 * every later wait too.
 */
class StateLogTest {
    @TempDir
    Path dir;

    private static byte[] line(long seq) {
        return LogLine.frame(("{\"seq\":" + seq + "}").getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] lines(long from, long to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long seq = from; seq <= to; seq++) {
            out.writeBytes(line(seq));
        }
        return out.toByteArray();
    }

    private Path path() {
        return dir.resolve("sandbox.json.log");
    }

    @Test
    void appendingNumbersLinesAfterTheLastOneRecoveryFoundAndOnlyBuffersThem() throws IOException {
        Files.write(path(), lines(1, 4));
        try (StateLog log = new StateLog(path(), 4)) {
            assertThat(log.appended()).isEqualTo(4);
            assertThat(log.size()).isEqualTo(lines(1, 4).length);
            assertThat(log.append(StateLogTest::line)).isEqualTo(5);
            assertThat(log.append(StateLogTest::line)).isEqualTo(6);
            assertThat(log.appended()).isEqualTo(6);
            assertThat(log.size()).as("bytes written and buffered").isEqualTo(lines(1, 6).length);
            assertThat(Files.readAllBytes(path())).as("nothing written before a wait").isEqualTo(lines(1, 4));
            assertThat(log.path()).isEqualTo(path());
            assertThat(log.failure()).isNull();
        }
    }

    @Test
    void waitingForOneLineWritesEverythingBufferedSoFarInOrder() throws IOException {
        try (StateLog log = new StateLog(path(), 0)) {
            for (int i = 0; i < 3; i++) {
                log.append(StateLogTest::line);
            }
            log.awaitDurable(1);
            assertThat(Files.readAllBytes(path())).isEqualTo(lines(1, 3));
            log.append(StateLogTest::line);
            log.awaitDurable(3); // already on disk: line 4 stays buffered
            assertThat(Files.readAllBytes(path())).isEqualTo(lines(1, 3));
            log.awaitDurable(4);
            assertThat(Files.readAllBytes(path())).isEqualTo(lines(1, 4));
        }
    }

    @Test
    void aWaitForALineAlreadyOnDiskReturnsAtOnceEvenIfTheFileWentSince() throws IOException {
        StateLog log = new StateLog(path(), 0);
        log.append(StateLogTest::line);
        log.awaitDurable(1);
        Files.delete(path());
        log.awaitDurable(1); // acknowledged while it was on disk: nothing is written or checked again
        assertThat(log.failure()).isNull();
        assertThatThrownBy(log::close).isInstanceOf(IOException.class); // closing writes, and finds the file gone
    }

    @Test
    void closingWritesWhatIsStillBuffered() throws IOException {
        StateLog log = new StateLog(path(), 0);
        log.append(StateLogTest::line);
        log.append(StateLogTest::line);
        log.close();
        assertThat(Files.readAllBytes(path())).isEqualTo(lines(1, 2));
    }

    @Test
    void aRotationMovesTheLogAsideUnderItsLastSeqAndStartsAnEmptyOne() throws IOException {
        try (StateLog log = new StateLog(path(), 0)) {
            log.append(StateLogTest::line);
            log.append(StateLogTest::line);
            long[] appendedAtCapture = new long[1];
            StateLog.Rotated<String> rotated = log.rotate(() -> {
                appendedAtCapture[0] = log.appended();
                return "captured";
            });
            assertThat(rotated.captured()).isEqualTo("captured");
            assertThat(rotated.seq()).isEqualTo(2);
            assertThat(appendedAtCapture[0]).isEqualTo(2);
            assertThat(Files.readAllBytes(StateLog.segment(path(), 2))).isEqualTo(lines(1, 2));
            assertThat(Files.size(path())).isZero();
            assertThat(log.size()).isZero();
            // numbering goes on in the new file
            assertThat(log.append(StateLogTest::line)).isEqualTo(3);
            log.awaitDurable(3);
            assertThat(Files.readAllBytes(path())).isEqualTo(line(3));
        }
        assertThat(StateLog.segment(path(), 17)).isEqualTo(dir.resolve("sandbox.json.log.17"));
    }

    @Test
    void aLogWhoseFileWasDeletedIsNotDurableAndEveryLaterWaitFailsToo() throws IOException {
        try (StateLog log = new StateLog(path(), 0)) {
            log.append(StateLogTest::line);
            log.awaitDurable(1);
            Files.delete(path());
            log.append(StateLogTest::line);
            assertThatThrownBy(() -> log.awaitDurable(2)).isInstanceOf(IOException.class)
                    .hasMessage(path() + " no longer exists");
            IOException failure = log.failure();
            assertThat(failure).isNotNull();
            log.append(StateLogTest::line);
            assertThatThrownBy(() -> log.awaitDurable(3)).isSameAs(failure);
            assertThatThrownBy(() -> log.awaitDurable(1)).as("not even what was written before the failure")
                    .isSameAs(failure);
            assertThatThrownBy(() -> log.rotate(() -> "x")).isSameAs(failure);
        }
        assertThat(Files.exists(path())).as("a failed log is not written again at close").isFalse();
    }

    @Test
    void aLogWhoseFileWasReplacedByAnotherIsNotDurable() throws IOException {
        try (StateLog log = new StateLog(path(), 0)) {
            log.append(StateLogTest::line);
            log.awaitDurable(1);
            Path other = dir.resolve("other");
            Files.write(other, new byte[0]);
            Files.move(other, path(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            log.append(StateLogTest::line);
            assertThatThrownBy(() -> log.awaitDurable(2)).isInstanceOf(IOException.class)
                    .hasMessage(path() + " was replaced by another file");
        }
    }
}
