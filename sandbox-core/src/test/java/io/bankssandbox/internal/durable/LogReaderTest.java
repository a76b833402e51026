package io.bankssandbox.internal.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log read back at start, from files written here: rotated files in the order of their seq,
 * then the log; records after the snapshot's only, without a gap; a torn last line dropped and cut
 * off; any other bad line stops the start naming the file, the line and the byte.
 */
class LogReaderTest {
    @TempDir
    Path dir;

    static byte[] line(String json) {
        return LogLine.frame(json.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] records(long from, long to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long seq = from; seq <= to; seq++) {
            out.writeBytes(line("{\"seq\":" + seq + "}"));
        }
        return out.toByteArray();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private Path log() {
        return dir.resolve("sandbox.json.log");
    }

    private List<Long> replay(long snapshotSeq, long[] last) throws IOException {
        List<Long> applied = new ArrayList<>();
        last[0] = LogReader.replay(log(), snapshotSeq, record -> applied.add(record.get("seq").asLong()));
        return applied;
    }

    @Test
    void rotatedFilesAreReadInTheOrderOfTheirSeqNumbersThenTheLog() throws IOException {
        Files.write(dir.resolve("sandbox.json.log.2"), records(1, 2));
        Files.write(dir.resolve("sandbox.json.log.10"), records(3, 10));
        Files.write(log(), records(11, 12));
        long[] last = new long[1];
        assertThat(replay(0, last)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
        assertThat(last[0]).isEqualTo(12);
        assertThat(LogReader.rotated(log())).containsExactly(dir.resolve("sandbox.json.log.2"),
                dir.resolve("sandbox.json.log.10"));
    }

    @Test
    void rotatedFilesComeInTheOrderOfTheirNumbersWhateverOrderTheDirectoryListsThem() throws IOException {
        List<Path> sorted = new ArrayList<>();
        for (int n : new int[] {7, 2, 11, 1, 9, 4, 12, 3, 10, 5, 8, 6}) {
            Files.write(dir.resolve("sandbox.json.log." + n), records(n, n));
        }
        for (int n = 1; n <= 12; n++) {
            sorted.add(dir.resolve("sandbox.json.log." + n));
        }
        assertThat(LogReader.rotated(log())).containsExactlyElementsOf(sorted);
    }

    @Test
    void onlyFilesNamedLogDotDigitsAreRotatedLogs() throws IOException {
        for (String name : List.of("sandbox.json.log.tmp", "sandbox.json.log.1x", "sandbox.json.log.",
                "sandbox.json.log.1234567890123456789", "other.json.log.1", "sandbox.json.lock")) {
            Files.write(dir.resolve(name), records(1, 1));
        }
        Files.write(dir.resolve("sandbox.json.log.123456789012345678"), records(1, 1));
        assertThat(LogReader.rotated(log())).containsExactly(dir.resolve("sandbox.json.log.123456789012345678"));
    }

    @Test
    void aLogInADirectoryThatDoesNotExistHasNoRecords() throws IOException {
        Path nowhere = dir.resolve("missing").resolve("sandbox.json.log");
        assertThat(LogReader.rotated(nowhere)).isEmpty();
        assertThat(LogReader.replay(nowhere, 7, record -> { throw new AssertionError("no record"); })).isEqualTo(7);
    }

    @Test
    void recordsTheSnapshotAlreadyHoldsAreSkipped() throws IOException {
        // a crash after the snapshot landed and before the rotated file was deleted leaves both
        Files.write(dir.resolve("sandbox.json.log.5"), records(1, 5));
        Files.write(log(), records(6, 7));
        long[] last = new long[1];
        assertThat(replay(5, last)).containsExactly(6L, 7L);
        assertThat(last[0]).isEqualTo(7);
        assertThat(replay(7, last)).isEmpty();
        assertThat(last[0]).isEqualTo(7);
    }

    @Test
    void aGapBetweenRecordsStopsTheStartNamingTheFileTheLineAndTheByte() throws IOException {
        byte[] first = records(1, 2);
        Files.write(log(), concat(first, records(4, 4)));
        assertThatThrownBy(() -> replay(0, new long[1]))
                .isInstanceOf(StateFile.StateFileException.class)
                .hasMessage(log() + ": line 3 (byte " + first.length + ") record 4 follows record 2 (records in between"
                        + " are missing); move the file away to start from the snapshot alone");
    }

    @Test
    void aLogStartingAfterTheSnapshotsNextRecordStopsTheStart() throws IOException {
        Files.write(log(), records(3, 4));
        assertThatThrownBy(() -> replay(1, new long[1])).isInstanceOf(StateFile.StateFileException.class)
                .hasMessageContaining("line 1 (byte 0) record 3 follows record 1");
    }

    @Test
    void aTornLastLineIsDroppedAndTheFileCutBackToTheLastWholeRecord() throws IOException {
        byte[] whole = records(1, 3);
        byte[] torn = line("{\"seq\":4,\"rows\":{\"cards\":[]}}");
        Files.write(log(), concat(whole, java.util.Arrays.copyOf(torn, torn.length / 2)));
        long[] last = new long[1];
        assertThat(replay(0, last)).containsExactly(1L, 2L, 3L);
        assertThat(last[0]).isEqualTo(3);
        assertThat(Files.readAllBytes(log())).isEqualTo(whole);
    }

    @Test
    void aLastLineWithItsNewlineButAGarbledRecordIsTornToo() throws IOException {
        byte[] whole = records(1, 2);
        byte[] garbled = line("{\"seq\":3}");
        garbled[10] = 'X';
        Files.write(log(), concat(whole, garbled));
        long[] last = new long[1];
        assertThat(replay(0, last)).containsExactly(1L, 2L);
        assertThat(Files.readAllBytes(log())).isEqualTo(whole);
    }

    @Test
    void aBadLineFollowedByOneStartingWithAZeroByteIsDamageNotATornTail() throws IOException {
        byte[] first = records(1, 1);
        byte[] garbled = line("{\"seq\":2}");
        garbled[10] = 'X';
        Files.write(log(), concat(first, garbled, new byte[] {0, '\n'}));
        assertThatThrownBy(() -> replay(0, new long[1])).isInstanceOf(StateFile.StateFileException.class)
                .hasMessageStartingWith(log() + ": line 2 (byte " + first.length + ") its checksum does not match");
    }

    @Test
    void aBadLineBeforeTheLastStopsTheStart() throws IOException {
        byte[] first = records(1, 1);
        byte[] garbled = line("{\"seq\":2}");
        garbled[10] = 'X';
        Files.write(log(), concat(first, garbled, records(3, 3)));
        assertThatThrownBy(() -> replay(0, new long[1]))
                .isInstanceOf(StateFile.StateFileException.class)
                .hasMessage(log() + ": line 2 (byte " + first.length + ") its checksum does not match (the file was"
                        + " damaged); move the file away to start from the snapshot alone");
        assertThat(Files.size(log())).as("a damaged log is left as it is").isEqualTo(first.length + garbled.length
                + records(3, 3).length);
    }

    @Test
    void aBadLastLineOfARotatedFileIsDamageNotATornTail() throws IOException {
        Path rotated = dir.resolve("sandbox.json.log.2");
        byte[] garbled = line("{\"seq\":2}");
        garbled[10] = 'X';
        Files.write(rotated, concat(records(1, 1), garbled));
        Files.write(log(), records(3, 3));
        assertThatThrownBy(() -> replay(0, new long[1])).isInstanceOf(StateFile.StateFileException.class)
                .hasMessageStartingWith(rotated + ": line 2 (byte ");
    }

    @Test
    void aRecordThatCannotBeAppliedStopsTheStartWithTheFirstLineOfWhy() throws IOException {
        Files.write(log(), records(1, 2));
        assertThatThrownBy(() -> LogReader.replay(log(), 0, record -> {
            if (record.get("seq").asLong() == 2) {
                throw new IOException("rows of an unknown table castles\nat line 7");
            }
        })).isInstanceOf(StateFile.StateFileException.class)
                .hasMessage(log() + ": line 2 (byte " + records(1, 1).length + ") record 2 cannot be applied: rows of an"
                        + " unknown table castles; move the file away to start from the snapshot alone");
    }

    @Test
    void aRecordLongerThanTheReadBufferIsReadWhole() throws IOException {
        String nickname = "x".repeat(5000);
        Files.write(log(), concat(records(1, 1), line("{\"seq\":2,\"nickname\":\"" + nickname + "\"}")));
        List<String> read = new ArrayList<>();
        assertThat(LogReader.replay(log(), 0, record -> read.add(record.path("nickname").asText()))).isEqualTo(2);
        assertThat(read).containsExactly("", nickname);
    }
}
