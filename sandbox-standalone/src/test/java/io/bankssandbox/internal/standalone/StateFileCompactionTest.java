package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The state file's snapshot, with real processes: a {@code kill -9} after the background compaction
 * took a new snapshot loses nothing acknowledged before or after it, and a snapshot that breaks a
 * fixture rule stops the start with one line naming the file, the JSON pointer and the rule.
 */
class StateFileCompactionTest {
    private static final String KEY = "lm_key_sandbox_all";

    @TempDir
    Path temp;

    @Test
    void killedAfterABackgroundCompactionEverythingAcknowledgedBeforeAndAfterItIsBack() throws Exception {
        Path stateFile = temp.resolve("compacted.json");
        List<String> acknowledged = Collections.synchronizedList(new ArrayList<>());
        long cardsBefore;
        try (SandboxProcess sandbox = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file",
                stateFile.toString())) {
            String base = sandbox.baseUrl();
            cardsBefore = Http.JSON.readTree(Http.get(base + "/_sandbox/state", null).body()).get("cards").size();
            // four clients issue cards until the log has outgrown the snapshot and a new snapshot replaced it
            AtomicInteger sequence = new AtomicInteger();
            AtomicBoolean compacted = new AtomicBoolean();
            List<Thread> clients = new ArrayList<>();
            List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
            for (int c = 0; c < 4; c++) {
                Thread client = new Thread(() -> {
                    try {
                        while (!compacted.get() && sequence.get() < 5_000) {
                            acknowledged.add(issue(base, "compaction-" + sequence.incrementAndGet()));
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                client.start();
                clients.add(client);
            }
            while (failures.isEmpty() && sequence.get() < 5_000 && snapshotLogSequence(stateFile) == 0) {
                Thread.sleep(50);
            }
            compacted.set(true);
            for (Thread client : clients) {
                client.join(60_000);
            }
            assertThat(failures).isEmpty();
            assertThat(snapshotLogSequence(stateFile)).as("the log is compacted into a new snapshot").isPositive();
            for (int i = 0; i < 5; i++) {
                acknowledged.add(issue(base, "after-compaction-" + i)); // in the new log, after the snapshot
            }
            sandbox.kill(); // every client has its answer: nothing is in flight
        }
        try (SandboxProcess restarted = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file",
                stateFile.toString())) {
            String base = restarted.baseUrl();
            JsonNode state = Http.JSON.readTree(Http.get(base + "/_sandbox/state", null).body());
            Set<String> cards = new HashSet<>();
            state.get("cards").forEach(card -> cards.add(card.get("id").asText()));
            assertThat(cards).containsAll(acknowledged).hasSize((int) cardsBefore + acknowledged.size());
            // the first card's idempotency key was in the compacted log: it is in the snapshot now
            HttpResponse<String> retry = Http.send(base + "/v0/cards", "POST", KEY, "compaction-1",
                    StateFileTest.cardBody("Card compaction-1"));
            assertThat(retry.headers().firstValue("Idempotency-Replayed")).contains("true");
            assertThat(cards).contains(Http.JSON.readTree(retry.body()).get("id").asText());
            assertThat(restarted.terminate()).isIn(0, 143);
        }
    }

    private static String issue(String base, String key) throws Exception {
        HttpResponse<String> answer = Http.send(base + "/v0/cards", "POST", KEY, key, StateFileTest.cardBody("Card " + key));
        assertThat(answer.statusCode()).isEqualTo(201);
        return Http.JSON.readTree(answer.body()).get("id").asText();
    }

    /** The last log record the snapshot on disk includes: 0 until a compaction replaced the first snapshot. */
    private static long snapshotLogSequence(Path stateFile) throws Exception {
        JsonNode format = Http.JSON.readTree(stateFile.toFile()).get("format");
        return format == null ? 0 : format.path("log_sequence").asLong(0);
    }

    @Test
    void aSnapshotThatBreaksADomainRuleStopsTheStartWithOneLineNamingFilePointerAndRule() throws Exception {
        Path stateFile = temp.resolve("rule.json");
        try (Sandbox first = Sandbox.start(SandboxConfig.builder().port(0).stateFile(stateFile).build())) {
            assertThat(first.baseUrl()).isNotEmpty(); // a clean stop leaves the whole state in the file
        }
        ObjectNode saved = (ObjectNode) Http.JSON.readTree(stateFile.toFile());
        // a card with two limits or more: its widest limit made smaller than the one before it
        int index = 0;
        while (saved.get("cards").get(index).get("spending_limits").size() < 2) {
            index++;
        }
        JsonNode limits = saved.get("cards").get(index).get("spending_limits");
        ((ObjectNode) limits.get(limits.size() - 1)).put("amount", 1);
        Files.write(stateFile, Http.JSON.writeValueAsBytes(saved));

        Cli cli = Cli.run("--port", "0", "--state-file", stateFile.toString());
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err().strip()).startsWith("banks-sandbox: ").contains("rule.json").contains("cards.json /" + index + "/")
                .contains("must not decrease").doesNotContain("\n");
    }
}
