package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --clock running --state-file}: time goes on while the sandbox is down, whether it was
 * stopped or killed; a frozen clock does not move. The downtime is faked by moving the state file's
 * wall-clock anchor back, as if the sandbox had stopped hours ago.
 */
class RunningClockRestartTest {
    private static final String KEY = "lm_key_sandbox_all";
    private static final String HARBOR_OPERATING = "account_0000000srbl695e78hs4";
    private static final Duration DOWNTIME = Duration.ofHours(3);

    @TempDir
    Path temp;

    /** What the first run left: a pending inbound ACH, its due time, and the sandbox time the file holds. */
    private record Stopped(String transferId, Instant resolvesAt, Instant savedNow) {}

    /** Runs a sandbox that receives a pending ACH, stops it (SIGTERM or kill -9), and moves the file's anchor back. */
    private Stopped runAndStop(Path stateFile, String clock, boolean kill9) throws Exception {
        String transferId;
        Instant resolvesAt;
        try (SandboxProcess first = SandboxProcess.start("--port", "0", "--clock", clock, "--state-file",
                stateFile.toString())) {
            HttpResponse<String> simulated = Http.send(first.baseUrl() + "/_sandbox/inbound-ach-transfers", "POST", null, null,
                    "{\"account_id\":\"" + HARBOR_OPERATING + "\",\"amount\":5000}");
            JsonNode transfer = Http.JSON.readTree(simulated.body());
            transferId = transfer.get("id").asText();
            assertThat(transfer.get("status").asText()).isEqualTo("pending");
            resolvesAt = Instant.parse(transfer.get("automatically_resolves_at").asText());
            if (kill9) {
                first.kill(); // the transfer is only in the log; the snapshot is the one written at start
            } else {
                assertThat(first.terminate()).isIn(0, 143);
            }
        }
        ObjectNode saved = (ObjectNode) Http.JSON.readTree(stateFile.toFile());
        ObjectNode clockDocument = (ObjectNode) saved.get("clock");
        Instant savedNow = Instant.parse(clockDocument.get("now").asText());
        assertThat(savedNow).isBefore(resolvesAt);
        Instant wallClock = Instant.parse(clockDocument.get("wall_clock").asText());
        clockDocument.put("wall_clock", timestamp(wallClock.minus(DOWNTIME)));
        Files.write(stateFile, Http.JSON.writeValueAsBytes(saved));
        return new Stopped(transferId, resolvesAt, savedNow);
    }

    @Test
    void aPendingAchDueDuringTheDowntimeResolvesAtItsOwnTimeBeforeTheFirstRequest() throws Exception {
        restartsWithTheDowntimeCounted(temp.resolve("running.json"), false);
    }

    @Test
    void afterAKill9TheRunningClockCountsTheDowntimeToo() throws Exception {
        restartsWithTheDowntimeCounted(temp.resolve("running.json"), true);
    }

    private void restartsWithTheDowntimeCounted(Path stateFile, boolean kill9) throws Exception {
        Stopped stopped = runAndStop(stateFile, "running", kill9);
        try (SandboxProcess second = SandboxProcess.start("--port", "0", "--clock", "running", "--state-file",
                stateFile.toString())) {
            JsonNode now = Http.JSON.readTree(Http.get(second.baseUrl() + "/_sandbox/clock", null).body());
            assertThat(Instant.parse(now.get("now").asText())).isAfterOrEqualTo(stopped.savedNow().plus(DOWNTIME));
            JsonNode transfer = Http.JSON.readTree(Http.get(second.baseUrl() + "/v0/inbound-ach-transfers/"
                    + stopped.transferId(), KEY).body());
            assertThat(transfer.get("status").asText()).isEqualTo("accepted");
            // resolved when it fell due during the downtime, not when the sandbox came back
            assertThat(transfer.get("accepted_at").asText()).isEqualTo(timestamp(stopped.resolvesAt()));
            assertThat(second.terminate()).isIn(0, 143);
            List<String> caughtUp = second.stderr().lines().filter(l -> l.contains("fell due while the sandbox was stopped"))
                    .toList();
            assertThat(caughtUp).anyMatch(l -> l.matches(".*running\\.json: \\d+ inbound_ach_transfer\\.accepted fell due.*"));
            assertThat(caughtUp).extracting(l -> l.replaceAll(".*: \\d+ (\\S+) fell due.*", "$1")).doesNotHaveDuplicates();
        }
    }

    @Test
    void aFrozenClockStaysWhereItWasAfterAKill9HoweverLongTheDowntime() throws Exception {
        Path stateFile = temp.resolve("frozen.json");
        Stopped stopped = runAndStop(stateFile, "frozen", true);
        try (SandboxProcess second = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file",
                stateFile.toString())) {
            JsonNode now = Http.JSON.readTree(Http.get(second.baseUrl() + "/_sandbox/clock", null).body());
            assertThat(now.get("now").asText()).isEqualTo(timestamp(stopped.savedNow()));
            JsonNode transfer = Http.JSON.readTree(Http.get(second.baseUrl() + "/v0/inbound-ach-transfers/"
                    + stopped.transferId(), KEY).body());
            assertThat(transfer.get("status").asText()).isEqualTo("pending");
            assertThat(second.terminate()).isIn(0, 143);
            assertThat(second.stderr()).doesNotContain("fell due while the sandbox was stopped");
        }
    }

    /** An instant as the API writes it: ISO 8601 in UTC with milliseconds. */
    private static String timestamp(Instant instant) {
        return DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC).format(instant);
    }
}
