package io.bankssandbox.internal.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.http.IdempotencyStore;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.NotDurableException;
import io.bankssandbox.internal.testing.Await;
import io.bankssandbox.internal.webhooks.WebhookEndpoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The state file under a sandbox's runtime, without HTTP: what each write appends and when it is on
 * disk (at once outside a request, together when a request settles), reset as a snapshot, the
 * compaction, a snapshot that cannot be written, the lock, and what a start does with the files.
 * What is on disk is read from the files themselves after the call that must have written it.
 */
class StateFileTest {
    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");

    @TempDir
    Path dir;
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : open) {
            closeable.close();
        }
    }

    private Path file() {
        return dir.resolve("sandbox.json");
    }

    private Path log() {
        return dir.resolve("sandbox.json.log");
    }

    private static SandboxRuntime runtime() {
        return SandboxInternals.bareRuntime(SandboxConfig.defaults());
    }

    private StateFile open(SandboxRuntime runtime, Path file) {
        StateFile stateFile = StateFileOpener.open(runtime, file);
        open.add(stateFile);
        return stateFile;
    }

    private static void put(SandboxRuntime runtime, String id, String url) {
        runtime.state().update(s -> s.table(WebhookEndpoint.TABLE).put(endpoint(id, url)));
    }

    private static WebhookEndpoint endpoint(String id, String url) {
        return new WebhookEndpoint(id, T0, url, "lm_key_sandbox_all", List.of("transaction.created"), null, "control",
                null);
    }

    private static WebhookEndpoint stored(SandboxRuntime runtime, String id) {
        return runtime.state().read(s -> s.table(WebhookEndpoint.TABLE).get(id));
    }

    private static List<WebhookEndpoint> endpoints(SandboxRuntime runtime) {
        return runtime.state().read(s -> List.copyOf(s.table(WebhookEndpoint.TABLE).all()));
    }

    /** The records of the log on disk now. */
    private List<JsonNode> records() throws IOException {
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(log())) {
            records.add(Json.MAPPER.readTree(line.substring(9)));
        }
        return records;
    }

    private static List<String> fields(JsonNode record) {
        List<String> names = new ArrayList<>();
        record.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The log's size; none while a rotation has moved it away and not yet opened the next. */
    private long logSize() throws IOException {
        try {
            return Files.size(log());
        } catch (java.nio.file.NoSuchFileException e) {
            return 0;
        }
    }

    private JsonNode snapshot() throws IOException {
        return Json.MAPPER.readTree(file().toFile());
    }

    @Test
    void aWriteOutsideARequestIsOnDiskWhenItReturnsAsOneRecordOfItsRows() throws IOException {
        SandboxRuntime runtime = runtime();
        open(runtime, file());
        assertThat(Files.size(log())).as("the start's snapshot holds the fixtures").isZero();
        put(runtime, "webhook_endpoint_a", "inbox");
        List<JsonNode> records = records();
        assertThat(records).hasSize(1);
        assertThat(fields(records.get(0))).containsExactly("seq", "rows");
        assertThat(records.get(0).get("seq").asLong()).isEqualTo(1);
        assertThat(records.get(0).at("/rows/webhook_endpoints/0/id").asText()).isEqualTo("webhook_endpoint_a");
    }

    @Test
    void aWriteThatChangedNothingAddsNoRecordAndTheCounterOrTheClockAloneIsARecordOfItsOwn() throws IOException {
        SandboxRuntime runtime = runtime();
        open(runtime, file());
        runtime.state().write(s -> null);
        assertThat(Files.size(log())).isZero();

        String drawn = runtime.state().write(s -> s.ids.next("probe_"));
        assertThat(drawn).startsWith("probe_");
        long next = runtime.state().read(s -> s.ids.next());
        runtime.clock().set(runtime.clock().now().plus(Duration.ofHours(1)));
        runtime.state().write(s -> null);
        List<JsonNode> records = records();
        assertThat(records).hasSize(2);
        assertThat(fields(records.get(0))).containsExactly("seq", "sequence_next");
        assertThat(records.get(0).get("sequence_next").asLong()).isEqualTo(next);
        assertThat(fields(records.get(1))).containsExactly("seq", "clock");
        assertThat(Instant.parse(records.get(1).at("/clock/now").asText())).isEqualTo(runtime.clock().now());
        assertThat(records.get(1).get("seq").asLong()).isEqualTo(2);

        runtime.state().write(s -> null);
        assertThat(records()).as("nothing moved since").hasSize(2);
    }

    @Test
    void aRequestsWritesAreOnDiskTogetherWhenItSettlesAndNotBefore() throws IOException {
        SandboxRuntime runtime = runtime();
        StateFile stateFile = open(runtime, file());
        stateFile.begin();
        put(runtime, "webhook_endpoint_a", "inbox");
        put(runtime, "webhook_endpoint_b", "inbox");
        assertThat(Files.size(log())).as("buffered until the request settles").isZero();
        stateFile.settle();
        assertThat(records()).hasSize(2);
        stateFile.settle(); // nothing owed: nothing more
        put(runtime, "webhook_endpoint_c", "inbox");
        stateFile.end();
        assertThat(records()).as("end settles what is left").hasSize(3);
        put(runtime, "webhook_endpoint_d", "inbox");
        assertThat(records()).as("after the request, a write waits on its own").hasSize(4);
    }

    @Test
    void awaitCommittedReturnsOnceEveryCommittedChangeIsOnDisk() throws IOException {
        SandboxRuntime runtime = runtime();
        StateFile stateFile = open(runtime, file());
        stateFile.begin();
        put(runtime, "webhook_endpoint_a", "inbox");
        assertThat(Files.size(log())).isZero();
        stateFile.awaitCommitted();
        assertThat(records()).hasSize(1);
        stateFile.end();
    }

    @Test
    void aStoredIdempotencyKeyIsARecordOfItsOwnOnDiskAtOnce() throws IOException {
        SandboxRuntime runtime = runtime();
        StateFile stateFile = open(runtime, file());
        stateFile.keyStored(new IdempotencyStore.Entry("lm_key_sandbox_all", "key_0123456789", "POST", "/v0/cards",
                "hash", T0, 201, "card", "card_1"));
        List<JsonNode> records = records();
        assertThat(records).hasSize(1);
        assertThat(fields(records.get(0))).containsExactly("seq", "idempotency_keys");
        assertThat(records.get(0).at("/idempotency_keys/0/key").asText()).isEqualTo("key_0123456789");
    }

    @Test
    void aResetIsASnapshotAtOnceAndTheLogStartsAfreshWithNothingTheSnapshotHolds() throws IOException {
        SandboxRuntime runtime = runtime();
        open(runtime, file());
        put(runtime, "webhook_endpoint_a", "inbox");
        runtime.reset();
        assertThat(Files.size(log())).isZero();
        JsonNode snapshot = snapshot();
        assertThat(snapshot.get("webhook_endpoints")).isEmpty();
        assertThat(snapshot.at("/format/log_sequence").asLong()).isEqualTo(1);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("sandbox.json", "sandbox.json.lock", "sandbox.json.log");
        }
        // the counter and the clock the reset set are in the snapshot: the next record holds its rows only
        put(runtime, "webhook_endpoint_b", "inbox");
        List<JsonNode> records = records();
        assertThat(records).hasSize(1);
        assertThat(fields(records.get(0))).containsExactly("seq", "rows");
        assertThat(records.get(0).get("seq").asLong()).isEqualTo(2);
    }

    @Test
    void aSnapshotThatCannotBeWrittenStopsEveryLaterAcknowledgement() throws IOException {
        SandboxRuntime runtime = runtime();
        StateFile stateFile = open(runtime, file());
        // a directory where the snapshot's temporary file goes: the snapshot cannot be written
        Files.createDirectories(dir.resolve("sandbox.json.tmp").resolve("in-the-way"));
        assertThatThrownBy(runtime::reset).isInstanceOf(NotDurableException.class)
                .hasMessageStartingWith("State file " + file() + " could not be written (")
                .hasMessageEndingWith("): the sandbox runs on in memory, but nothing more is durable");
        assertThatThrownBy(() -> put(runtime, "webhook_endpoint_a", "inbox")).isInstanceOf(NotDurableException.class)
                .hasMessageEndingWith("the sandbox runs on in memory, but nothing more is durable");
        assertThat(stored(runtime, "webhook_endpoint_a"))
                .as("applied in memory").isNotNull();
        stateFile.begin();
        stateFile.end(); // a request's end logs the failure rather than throwing
        Files.delete(dir.resolve("sandbox.json.tmp").resolve("in-the-way"));
        byte[] before = Files.readAllBytes(file());
        stateFile.close();
        assertThat(Files.readAllBytes(file())).as("no last snapshot of a broken state file").isEqualTo(before);
    }

    @Test
    void aRequestThatCannotBeMadeDurableIsRefusedAtSettle() throws IOException {
        SandboxRuntime runtime = runtime();
        StateFile stateFile = open(runtime, file());
        stateFile.begin();
        put(runtime, "webhook_endpoint_a", "inbox");
        Files.delete(log());
        assertThatThrownBy(stateFile::settle).isInstanceOf(NotDurableException.class)
                .hasMessage("State file " + log() + " could not be written (" + log() + " no longer exists): the change"
                        + " is applied in memory but not durable");
        stateFile.end();
        stateFile.begin(); // a request that wrote nothing (a read) still answers
        stateFile.settle();
        stateFile.end();
    }

    @Test
    void theLogIsCompactedIntoANewSnapshotOnceItOutgrowsTheSnapshotAndTheRotatedLogIsDeleted() throws IOException {
        SandboxRuntime runtime = runtime();
        open(runtime, file());
        long threshold = Math.max(StateFile.MIN_COMPACTION_BYTES, Files.size(file()));
        String padding = "x".repeat(8 * 1024);
        int rows = 0;
        long largest = 0;
        // each row is a record of about 8 KiB: write until the compaction has rotated the log (it shrinks)
        for (long size = 0; size >= largest; size = logSize()) {
            largest = size;
            assertThat(rows).as("rows written without a compaction (log at %d bytes)", largest)
                    .isLessThan((int) (4 * threshold / padding.length()));
            put(runtime, "webhook_endpoint_" + rows++, "http://receiver.test/" + padding);
        }
        assertThat(largest).as("the log was not compacted before it reached the snapshot's size").isGreaterThan(
                threshold - padding.length() - 1024);
        long covered = Await.until("the compaction's snapshot", Duration.ofSeconds(30),
                () -> snapshot().at("/format/log_sequence").asLong(), seq -> seq > 0);
        int snapshotRows = snapshot().get("webhook_endpoints").size();
        assertThat(snapshotRows).as("every record up to the snapshot's seq is in it").isEqualTo((int) covered);
        assertThat(covered).isGreaterThanOrEqualTo(threshold / (padding.length() + 1024));
        Await.until("the rotated log deleted", Duration.ofSeconds(30), () -> LogReader.rotated(log()), List::isEmpty);
        assertThat(Thread.getAllStackTraces().keySet()).filteredOn(t -> t.getName().startsWith("state-file-compaction "))
                .isNotEmpty().allSatisfy(t -> assertThat(t.isDaemon()).as("compaction never keeps a process alive").isTrue());
    }

    @Test
    void aCleanCloseLeavesTheWholeStateInTheSnapshotAnEmptyLogAndTheFileFreeForTheNext() throws IOException {
        SandboxRuntime runtime = runtime();
        StateFile stateFile = StateFileOpener.open(runtime, file());
        put(runtime, "webhook_endpoint_a", "inbox");
        stateFile.close();
        assertThat(Files.size(log())).isZero();
        assertThat(snapshot().at("/webhook_endpoints/0/id").asText()).isEqualTo("webhook_endpoint_a");
        SandboxRuntime next = runtime();
        open(next, file());
        assertThat(stored(next, "webhook_endpoint_a"))
                .isEqualTo(endpoint("webhook_endpoint_a", "inbox"));
    }

    @Test
    void aSecondSandboxOnTheSameFileIsRefusedNamingTheLock() {
        open(runtime(), file());
        assertThatThrownBy(() -> open(runtime(), file())).isInstanceOf(StateFile.StateFileException.class)
                .hasMessage(file() + ": in use by another sandbox (sandbox.json.lock is locked); a state file serves"
                        + " one sandbox at a time");
    }

    @Test
    void aStartReplaysTheLogThenMakesItTheSnapshot() throws IOException {
        SandboxRuntime runtime = runtime();
        open(runtime, file());
        put(runtime, "webhook_endpoint_a", "inbox");
        put(runtime, "webhook_endpoint_b", "inbox");
        Path image = Files.createDirectory(dir.resolve("image"));
        for (String name : List.of("sandbox.json", "sandbox.json.log")) {
            Files.copy(dir.resolve(name), image.resolve(name));
        }
        SandboxRuntime restored = runtime();
        StateFile restoredFile = open(restored, image.resolve("sandbox.json"));
        assertThat(endpoints(restored))
                .containsExactly(endpoint("webhook_endpoint_a", "inbox"), endpoint("webhook_endpoint_b", "inbox"));
        assertThat(Files.size(image.resolve("sandbox.json.log"))).isZero();
        assertThat(Json.MAPPER.readTree(image.resolve("sandbox.json").toFile()).at("/format/log_sequence").asLong())
                .isEqualTo(2);
        assertThat(restoredFile.path()).isEqualTo(image.resolve("sandbox.json").toAbsolutePath());
    }

    @Test
    void aStartWithNothingToReplayKeepsTheSnapshotFileAsItIs() throws IOException {
        SandboxRuntime runtime = runtime();
        StateFileOpener.open(runtime, file()).close();
        Object before = Files.readAttributes(file(), BasicFileAttributes.class).fileKey();
        Files.writeString(dir.resolve("sandbox.json.tmp"), "{\"half\":"); // no snapshot is written to replace it
        open(runtime(), file());
        assertThat(Files.readAttributes(file(), BasicFileAttributes.class).fileKey()).isEqualTo(before);
        assertThat(dir.resolve("sandbox.json.tmp")).as("an unfinished snapshot is removed").doesNotExist();
    }

    @Test
    void anUnfinishedSnapshotIsRemovedAtStart() throws IOException {
        Files.writeString(dir.resolve("sandbox.json.tmp"), "{\"half\":");
        open(runtime(), file());
        assertThat(dir.resolve("sandbox.json.tmp")).doesNotExist();
    }

    @Test
    void aLogWithoutItsSnapshotStopsTheStart() throws IOException {
        Files.writeString(log(), "");
        assertThatThrownBy(() -> open(runtime(), file())).isInstanceOf(StateFile.StateFileException.class)
                .hasMessage(log() + ": a log without its snapshot " + file() + " (was the snapshot moved away?); move"
                        + " the log away too to start afresh");
        // the lock is released: once the log is moved away, the start goes on
        Files.delete(log());
        open(runtime(), file());
    }
}
