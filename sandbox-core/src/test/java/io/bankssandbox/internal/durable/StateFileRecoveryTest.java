package io.bankssandbox.internal.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.Await;
import io.bankssandbox.internal.testing.LiveFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The state file read back after a crash. A "crash image" is a copy of the state file's files taken
 * while the sandbox runs: every acknowledged change has been fsynced by then, so the copy holds what
 * a disk would hold after a {@code kill -9} (the standalone module kills real processes too).
 */
class StateFileRecoveryTest {
    private static final String KEY = "lm_key_sandbox_all";
    /** How long a test waits for an answer or for the background compaction before it fails. */
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(30);
    /** Four times the cards the smallest compaction threshold takes: posting more means compaction is broken. */
    private static final int MAX_CARDS = (int) (4 * StateFile.MIN_COMPACTION_BYTES / 1024);

    @TempDir
    Path temp;

    static String cardBody(String accountId, String nickname) {
        return "{\"bank_account_id\":\"" + accountId + "\",\"nickname\":\"" + nickname + "\",\"authorization_controls\":"
                + "{\"usage\":{\"category\":\"multi_use\",\"multi_use\":{\"spending_limits\":"
                + "[{\"interval\":\"all_time\",\"amount\":100000000}]}}}}";
    }

    private static Sandbox start(Path file) {
        return Sandbox.start(SandboxConfig.builder().stateFile(file).build());
    }

    /** The files of the state file as they are on disk now, copied into a fresh directory. */
    private Path crashImage(Path file) throws IOException {
        Path image = Files.createTempDirectory(temp, "image");
        try (Stream<Path> files = Files.list(file.getParent())) {
            for (Path each : files.filter(p -> p.getFileName().toString().startsWith(file.getFileName().toString())).toList()) {
                Files.copy(each, image.resolve(each.getFileName()));
            }
        }
        return image.resolve(file.getFileName());
    }

    @Test
    void aRestartFromWhatWasOnDiskGivesBackExactlyTheAcknowledgedState() throws IOException {
        Path file = temp.resolve("state").resolve("sandbox.json");
        JsonNode before;
        Path image;
        try (Sandbox sandbox = start(file)) {
            ApiClient api = new ApiClient(sandbox.baseUrl(), KEY);
            LiveFixtures fixtures = LiveFixtures.read(api);
            String card = api.post("/v0/cards", Json.MAPPER.readTree(cardBody(fixtures.riversideOperating(), "Fuel")))
                    .json().get("id").asText();
            sandbox.cards().authorize(card, 1234, "5411");
            sandbox.inboundAch().simulate(fixtures.harborOperating(), 5000);
            sandbox.clock().advance(Duration.ofHours(2)); // resolves the ACH: a transition is a change too
            before = sandbox.exportState();
            image = crashImage(file);
        }
        assertThat(Files.size(image.resolveSibling("sandbox.json.log"))).isPositive();
        try (Sandbox restored = start(image)) {
            assertThat(restored.exportState()).isEqualTo(before); // idempotency keys and id sequence included
        }
    }

    @Test
    void concurrentWritersOnOneAccountAreReplayedInCommitOrder() throws Exception {
        Path file = temp.resolve("concurrent.json");
        JsonNode before;
        Path image;
        try (Sandbox sandbox = start(file)) {
            ApiClient api = new ApiClient(sandbox.baseUrl(), KEY);
            String account = LiveFixtures.read(api).riversideOperating();
            List<String> cards = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                cards.add(api.post("/v0/cards", Json.MAPPER.readTree(cardBody(account, "Card " + i))).json().get("id").asText());
            }
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<Integer>> answers = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    String card = cards.get(i % cards.size());
                    long amount = 100 + i;
                    // every payment moves the same account's balances: the order of the records matters
                    answers.add(pool.submit(() -> api.post("/_sandbox/cards/" + card + "/authorizations",
                            Map.of("amount", amount, "merchant_category_code", "5411", "merchant_country", "US")).status()));
                }
                for (int i = 0; i < answers.size(); i++) {
                    assertThat(answers.get(i)).as("authorization %d of %d", i + 1, answers.size())
                            .succeedsWithin(ANSWER_WITHIN).isEqualTo(200);
                }
            } finally {
                pool.shutdown();
            }
            before = sandbox.exportState();
            image = crashImage(file);
        }
        try (Sandbox restored = start(image)) {
            assertThat(restored.exportState()).isEqualTo(before);
        }
    }

    /** A crash image of a sandbox that issued one card per nickname, each a line of the log (plus its key's). */
    private Path imageAfterCards(String name, String... nicknames) throws IOException {
        Path file = temp.resolve(name);
        try (Sandbox sandbox = start(file)) {
            ApiClient api = new ApiClient(sandbox.baseUrl(), KEY);
            String account = LiveFixtures.read(api).riversideOperating();
            for (String nickname : nicknames) {
                api.post("/v0/cards", Json.MAPPER.readTree(cardBody(account, nickname)));
            }
            return crashImage(file);
        }
    }

    @Test
    void aTornLastRecordIsDroppedAndTheStartGoesOn() throws IOException {
        Path image = imageAfterCards("torn.json", "Kept", "Torn");
        Path log = image.resolveSibling("torn.json.log");
        byte[] bytes = Files.readAllBytes(log);
        // the card's record, then its idempotency key's: cut the log inside the card's record, as a power cut could
        int lastCard = lastLineStart(bytes, lastLineStart(bytes, bytes.length - 1) - 1);
        int cut = lastCard + (bytes.length - lastCard) / 3;
        Files.write(log, java.util.Arrays.copyOf(bytes, cut));
        try (Sandbox restored = start(image)) {
            List<String> nicknames = new ArrayList<>();
            restored.exportState().get("cards").forEach(c -> nicknames.add(c.get("nickname").asText()));
            assertThat(nicknames).contains("Kept").doesNotContain("Torn");
        }
        assertThat(Files.size(log)).isZero(); // the restart's snapshot took in what the log held
    }

    private static int lastLineStart(byte[] bytes, int before) {
        int i = before - 1;
        while (i >= 0 && bytes[i] != '\n') {
            i--;
        }
        return i + 1;
    }

    @Test
    void aDamagedRecordBeforeTheLastStopsTheStartNamingTheLogAndTheLine() throws IOException {
        Path image = imageAfterCards("damaged.json", "One", "Two");
        Path log = image.resolveSibling("damaged.json.log");
        String text = Files.readString(log);
        Files.writeString(log, text.replaceFirst("\"One\"", "\"Oni\""));
        assertThatThrownBy(() -> start(image))
                .isInstanceOf(IllegalStateException.class).hasCauseInstanceOf(StateFile.StateFileException.class)
                .hasMessageContaining(log.toString())
                .hasMessageContaining("line 1 (byte 0)")
                .hasMessageContaining("checksum does not match");
    }

    @Test
    void aMissingRotatedLogStopsTheStartInsteadOfSkippingChanges() throws IOException {
        Path image = imageAfterCards("gap.json", "One");
        Path log = image.resolveSibling("gap.json.log");
        // a log whose first records are gone: as if a rotated file had been deleted before its snapshot landed
        List<String> lines = Files.readAllLines(log);
        Files.write(log, lines.subList(1, lines.size()));
        assertThatThrownBy(() -> start(image))
                .isInstanceOf(IllegalStateException.class).hasCauseInstanceOf(StateFile.StateFileException.class)
                .hasMessageContaining("records in between are missing");
    }

    @Test
    void aSnapshotThatIsNotAStateDocumentStopsTheStartNamingTheFileAndTheRule() throws IOException {
        Path file = temp.resolve("snapshot.json");
        start(file).close(); // the first snapshot is written at start, the last at the stop
        String text = Files.readString(file);
        Files.writeString(file, text.replaceFirst("\"structure\":\"[a-z_]+\"", "\"structure\":\"castle\""));
        assertThatThrownBy(() -> start(file))
                .isInstanceOf(IllegalStateException.class).hasCauseInstanceOf(StateFile.StateFileException.class)
                .hasMessageStartingWith(file.toString() + ": entities.json /0/structure: ");

        Files.writeString(file, text.substring(0, text.length() / 2), StandardCharsets.UTF_8);
        assertThatThrownBy(() -> start(file))
                .isInstanceOf(IllegalStateException.class).hasCauseInstanceOf(StateFile.StateFileException.class)
                .hasMessageStartingWith(file + ": state document: not readable as JSON");
    }

    @Test
    void aRestartAfterCompactionFindsEverythingAndTheLogStartsAfresh() throws Exception {
        Path file = temp.resolve("compacted.json");
        JsonNode before;
        Path image;
        try (Sandbox sandbox = start(file)) {
            ApiClient api = new ApiClient(sandbox.baseUrl(), KEY);
            String account = LiveFixtures.read(api).riversideOperating();
            Path log = file.resolveSibling("compacted.json.log");
            int posted = 0;
            long largest = 0;
            // each card is about a kilobyte of log: post until the log passes the compaction threshold and the
            // compaction, which runs in the background, rotates it (the log starts afresh, so it shrinks)
            for (long size = 0; size >= largest; size = logSize(log)) {
                largest = size;
                assertThat(posted).as("cards posted without a compaction rotating the log (%d bytes at the most)", largest)
                        .isLessThan(MAX_CARDS);
                api.post("/v0/cards", Json.MAPPER.readTree(cardBody(account, "Card " + posted++)));
            }
            assertThat(posted).isGreaterThan(100);
            int cards = posted;
            Await.until("the snapshot of the compaction that rotated the log after " + cards + " cards (format.log_sequence > 0)",
                    ANSWER_WITHIN, () -> snapshotSequence(file), sequence -> sequence > 0);
            for (int i = 0; i < 10; i++) {
                api.post("/v0/cards", Json.MAPPER.readTree(cardBody(account, "After " + i)));
            }
            assertThat(Files.size(log)).isLessThan(StateFile.MIN_COMPACTION_BYTES);
            before = sandbox.exportState();
            image = crashImage(file);
        }
        try (Sandbox restored = start(image)) {
            assertThat(restored.exportState()).isEqualTo(before);
        }
    }

    /** The log's size; none while a rotation has moved it away and not yet opened the next. */
    private static long logSize(Path log) throws IOException {
        try {
            return Files.size(log);
        } catch (NoSuchFileException e) {
            return 0;
        }
    }

    private static long snapshotSequence(Path file) throws IOException {
        return Json.MAPPER.readTree(file.toFile()).get("format").path("log_sequence").asLong();
    }

    @Test
    void resetAndImportAreDurableAtOnceAsSnapshots() throws IOException {
        Path file = temp.resolve("reset.json");
        JsonNode fixtureState;
        try (Sandbox sandbox = start(file)) {
            fixtureState = sandbox.exportState();
            ApiClient api = new ApiClient(sandbox.baseUrl(), KEY);
            String account = LiveFixtures.read(api).riversideOperating();
            api.post("/v0/cards", Json.MAPPER.readTree(cardBody(account, "Gone after reset")));
            JsonNode withCard = sandbox.exportState();
            sandbox.reset();
            try (Sandbox restored = start(crashImage(file))) {
                assertThat(restored.exportState()).isEqualTo(fixtureState);
            }
            sandbox.importState(withCard);
            try (Sandbox restored = start(crashImage(file))) {
                assertThat(restored.exportState()).isEqualTo(withCard);
            }
        }
    }

    @Test
    void aCleanStopLeavesTheWholeStateInTheFileAndAnEmptyLog() throws IOException {
        Path file = temp.resolve("clean.json");
        JsonNode before;
        try (Sandbox sandbox = start(file)) {
            ApiClient api = new ApiClient(sandbox.baseUrl(), KEY);
            api.post("/v0/cards", Json.MAPPER.readTree(cardBody(LiveFixtures.read(api).riversideOperating(), "Kept")));
            before = sandbox.exportState();
        }
        assertThat(Files.size(file.resolveSibling("clean.json.log"))).isZero();
        JsonNode saved = Json.MAPPER.readTree(file.toFile());
        assertThat(saved.get("cards")).isEqualTo(before.get("cards"));
        assertThat(saved.get("idempotency_keys")).isEqualTo(before.get("idempotency_keys"));
    }

    @Test
    void aFrozenClockStaysWhereItWasHoweverLongTheSandboxWasDown() throws IOException {
        Path file = temp.resolve("frozen.json");
        java.time.Instant stoppedAt;
        try (Sandbox sandbox = start(file)) {
            sandbox.clock().advance(Duration.ofMinutes(10));
            stoppedAt = sandbox.clock().now();
        }
        com.fasterxml.jackson.databind.node.ObjectNode saved = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(file.toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) saved.get("clock")).put("wall_clock", "2020-01-01T00:00:00.000Z");
        Files.write(file, Json.MAPPER.writeValueAsBytes(saved));
        try (Sandbox restored = start(file)) {
            assertThat(restored.clock().now()).isEqualTo(stoppedAt);
        }
    }
}
