package io.bankssandbox.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.state.Json;
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

/** {@code --state-file}: what was answered 2xx survives kill -9, and the file is never torn. */
class StateFileTest {
    private static final String KEY = "lm_key_sandbox_all";
    private static final String RIVERSIDE = "entity_00000001nh0ctdekwudu";
    private static final String RIVERSIDE_OPERATING = "account_0000000ptmhjx1gxm2mi";
    private static final String HARBOR_OPERATING = "account_0000000srbl695e78hs4";

    @TempDir
    Path temp;

    static String cardBody(String nickname) {
        return "{\"bank_account_id\":\"" + RIVERSIDE_OPERATING + "\",\"nickname\":\"" + nickname + "\",\"authorization_controls\":"
                + "{\"usage\":{\"category\":\"multi_use\",\"multi_use\":{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":7000}]}}}}";
    }

    static String externalAccountBody() {
        return "{\"entity_id\":\"" + RIVERSIDE + "\",\"nickname\":\"Vendor\",\"holder_type\":\"business\",\"holder_name\":\"Valley Supply\","
                + "\"routing_number\":\"021000021\",\"account_number\":\"123456789\",\"holder_address\":{\"line1\":\"1 Way\","
                + "\"city\":\"Fresno\",\"state\":\"CA\",\"postal_code\":\"93701\",\"country\":\"US\"}}";
    }

    @Test
    void aStateFileThatCanNoLongerBeWrittenIsA503NotAnAcknowledgement() throws Exception {
        Path directory = temp.resolve("gone");
        try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().port(0).stateFile(directory.resolve("sandbox.json")).build())) {
            Files.delete(directory.resolve("sandbox.json"));
            Files.delete(directory);
            Files.writeString(directory, "a file where the state's directory was"); // so it cannot be recreated
            HttpResponse<String> answer = Http.send(sandbox.baseUrl() + "/v0/cards", "POST", KEY, "disk-gone-card-0001",
                    cardBody("Fuel"));
            assertThat(answer.statusCode()).isEqualTo(503);
            JsonNode body = Json.MAPPER.readTree(answer.body());
            assertThat(body.get("statusCode").asInt()).isEqualTo(503);
            assertThat(body.get("error").asText()).isEqualTo("Service Unavailable");
            assertThat(body.get("message").asText()).contains("could not be written").contains("not durable");
        }
    }

    @Test
    void everythingAcknowledgedSurvivesKill9WithClockAndIdempotencyKeys() throws Exception {
        Path stateFile = temp.resolve("state").resolve("sandbox.json");
        String card;
        String externalAccount;
        String ach;
        try (SandboxProcess first = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file", stateFile.toString())) {
            String base = first.baseUrl();
            HttpResponse<String> issued = Http.send(base + "/v0/cards", "POST", KEY, "kill-test-card-0001", cardBody("Fuel"));
            assertThat(issued.statusCode()).isEqualTo(201);
            card = Json.MAPPER.readTree(issued.body()).get("id").asText();
            HttpResponse<String> created = Http.send(base + "/v0/external-accounts", "POST", KEY, "kill-test-xa-0001",
                    externalAccountBody());
            assertThat(created.statusCode()).isEqualTo(201);
            externalAccount = Json.MAPPER.readTree(created.body()).get("id").asText();
            HttpResponse<String> simulated = Http.send(base + "/_sandbox/inbound-ach-transfers", "POST", null, null,
                    "{\"account_id\":\"" + HARBOR_OPERATING + "\",\"amount\":5000}");
            assertThat(simulated.statusCode()).isEqualTo(201);
            ach = Json.MAPPER.readTree(simulated.body()).get("id").asText();
            assertThat(Http.send(base + "/_sandbox/clock/advance", "POST", null, null, "{\"by\":\"PT2H\"}").statusCode())
                    .isEqualTo(200);
            first.kill(); // no shutdown hook runs: only what was written before each answer counts
        }
        assertThat(Files.list(stateFile.getParent()).map(p -> p.getFileName().toString()).toList())
                .contains("sandbox.json");

        try (SandboxProcess second = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file", stateFile.toString())) {
            String base = second.baseUrl();
            assertThat(Http.get(base + "/_sandbox/clock", null).body()).contains("\"now\":\"2026-03-02T17:00:00.000Z\"");
            assertThat(Http.get(base + "/v0/cards/" + card, KEY).statusCode()).isEqualTo(200);
            assertThat(Http.get(base + "/v0/external-accounts/" + externalAccount, KEY).statusCode()).isEqualTo(200);
            JsonNode transfer = Json.MAPPER.readTree(Http.get(base + "/v0/inbound-ach-transfers/" + ach, KEY).body());
            assertThat(transfer.get("status").asText()).isEqualTo("accepted");
            JsonNode account = Json.MAPPER.readTree(Http.get(base + "/v0/accounts/" + HARBOR_OPERATING, KEY).body());
            assertThat(account.get("total_balance").asLong()).isEqualTo(20000);
            // the idempotency key came back too: the retry replays instead of issuing a second card
            HttpResponse<String> retry = Http.send(base + "/v0/cards", "POST", KEY, "kill-test-card-0001", cardBody("Fuel"));
            assertThat(retry.statusCode()).isEqualTo(201);
            assertThat(retry.headers().firstValue("Idempotency-Replayed")).contains("true");
            assertThat(Json.MAPPER.readTree(retry.body()).get("id").asText()).isEqualTo(card);
            // new ids continue after the restored ones instead of colliding with them
            HttpResponse<String> another = Http.send(base + "/v0/cards", "POST", KEY, "kill-test-card-0002", cardBody("Tolls"));
            assertThat(Json.MAPPER.readTree(another.body()).get("id").asText()).isNotEqualTo(card);
            assertThat(second.terminate()).isIn(0, 143);
        }
    }

    @Test
    void killedDuringABurstOfWritesTheFileAlwaysLoadsWithEveryAcknowledgedCard() throws Exception {
        Path stateFile = temp.resolve("burst.json");
        for (int round = 0; round < 2; round++) {
            Set<String> acknowledged = Collections.synchronizedSet(new HashSet<>());
            try (SandboxProcess sandbox = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file",
                    stateFile.toString())) {
                String base = sandbox.baseUrl();
                AtomicBoolean stop = new AtomicBoolean();
                AtomicInteger sequence = new AtomicInteger();
                int finalRound = round;
                List<Thread> writers = new ArrayList<>();
                for (int w = 0; w < 4; w++) {
                    Thread writer = new Thread(() -> {
                        while (!stop.get()) {
                            int n = sequence.incrementAndGet();
                            try {
                                HttpResponse<String> answer = Http.send(base + "/v0/cards", "POST", KEY,
                                        "burst-" + finalRound + "-" + n + "-card", cardBody("Burst " + n));
                                if (answer.statusCode() == 201) {
                                    acknowledged.add(Json.MAPPER.readTree(answer.body()).get("id").asText());
                                }
                            } catch (Exception e) {
                                return; // the server died mid-request: that answer never came, so nothing was promised
                            }
                        }
                    });
                    writer.start();
                    writers.add(writer);
                }
                while (acknowledged.size() < 20 + round * 7) {
                    Thread.sleep(20);
                }
                sandbox.kill();
                stop.set(true);
                for (Thread writer : writers) {
                    writer.join(30_000);
                }
            }
            // the file parses and imports (the sandbox refuses a torn or invalid one), and holds every card answered 201
            JsonNode saved = Json.MAPPER.readTree(stateFile.toFile());
            try (Sandbox restored = Sandbox.start(SandboxConfig.builder().stateFile(stateFile).build())) {
                Set<String> cards = new HashSet<>();
                restored.exportState().get("cards").forEach(c -> cards.add(c.get("id").asText()));
                assertThat(cards).containsAll(acknowledged);
                assertThat(saved.get("cards").size()).isGreaterThanOrEqualTo(acknowledged.size());
            }
        }
    }

    @Test
    void anUnwritableStateFilePathStopsTheStartWithOneLine() throws Exception {
        Path blocker = temp.resolve("not-a-directory");
        Files.writeString(blocker, "a file where a directory should be");
        Cli cli = Cli.run("--port", "0", "--state-file", blocker.resolve("state.json").toString());
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err().strip()).startsWith("banks-sandbox: ").contains("cannot be written").doesNotContain("\n");
    }

    @Test
    void anUnreadableStateFileStopsTheStartWithOneLine() throws Exception {
        Path broken = temp.resolve("broken.json");
        Files.writeString(broken, "{\"entities\": [");
        Cli cli = Cli.run("--port", "0", "--state-file", broken.toString());
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err().strip()).startsWith("banks-sandbox: ").contains("broken.json").contains("not readable as JSON")
                .doesNotContain("\n");
    }
}
