package io.bankssandbox.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.state.Json;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --clock running --state-file}: time goes on while the sandbox is down. The downtime is
 * faked by moving the state file's wall-clock anchor back, as if the sandbox had stopped hours ago.
 */
class RunningClockRestartTest {
    private static final String KEY = "lm_key_sandbox_all";
    private static final String HARBOR_OPERATING = "account_0000000srbl695e78hs4";
    private static final Duration DOWNTIME = Duration.ofHours(3);

    @TempDir
    Path temp;

    @Test
    void aPendingAchDueDuringTheDowntimeResolvesAtItsOwnTimeBeforeTheFirstRequest() throws Exception {
        Path stateFile = temp.resolve("running.json");
        String transferId;
        Instant resolvesAt;
        try (SandboxProcess first = SandboxProcess.start("--port", "0", "--clock", "running", "--state-file",
                stateFile.toString())) {
            HttpResponse<String> simulated = Http.send(first.baseUrl() + "/_sandbox/inbound-ach-transfers", "POST", null, null,
                    "{\"account_id\":\"" + HARBOR_OPERATING + "\",\"amount\":5000}");
            JsonNode transfer = Json.MAPPER.readTree(simulated.body());
            transferId = transfer.get("id").asText();
            assertThat(transfer.get("status").asText()).isEqualTo("pending");
            resolvesAt = Instant.parse(transfer.get("automatically_resolves_at").asText());
            assertThat(first.terminate()).isIn(0, 143);
        }
        ObjectNode saved = (ObjectNode) Json.MAPPER.readTree(stateFile.toFile());
        Instant savedNow = Instant.parse(saved.get("clock").get("now").asText());
        assertThat(savedNow).isBefore(resolvesAt);
        ObjectNode clock = (ObjectNode) saved.get("clock");
        Instant wallClock = Instant.parse(clock.get("wall_clock").asText());
        clock.put("wall_clock", Json.timestamp(wallClock.minus(DOWNTIME)));
        Files.write(stateFile, Json.MAPPER.writeValueAsBytes(saved));

        try (SandboxProcess second = SandboxProcess.start("--port", "0", "--clock", "running", "--state-file",
                stateFile.toString())) {
            JsonNode now = Json.MAPPER.readTree(Http.get(second.baseUrl() + "/_sandbox/clock", null).body());
            assertThat(Instant.parse(now.get("now").asText())).isAfterOrEqualTo(savedNow.plus(DOWNTIME));
            JsonNode transfer = Json.MAPPER.readTree(Http.get(second.baseUrl() + "/v0/inbound-ach-transfers/" + transferId, KEY)
                    .body());
            assertThat(transfer.get("status").asText()).isEqualTo("accepted");
            // resolved when it fell due during the downtime, not when the sandbox came back
            assertThat(transfer.get("accepted_at").asText()).isEqualTo(Json.timestamp(resolvesAt));
            assertThat(second.terminate()).isIn(0, 143);
            List<String> caughtUp = second.stderr().lines().filter(l -> l.contains("fell due while the sandbox was stopped"))
                    .toList();
            assertThat(caughtUp).anyMatch(l -> l.matches(".*running\\.json: \\d+ inbound_ach_transfer\\.accepted fell due.*"));
            assertThat(caughtUp).extracting(l -> l.replaceAll(".*: \\d+ (\\S+) fell due.*", "$1")).doesNotHaveDuplicates();
        }
    }
}
