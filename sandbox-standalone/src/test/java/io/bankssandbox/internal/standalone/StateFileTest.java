package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
 * {@code --state-file} with real processes: what was answered 2xx survives {@code kill -9}, with
 * exact counts during a burst of concurrent writes; a torn log is cut back with one line; the clock
 * and the idempotency keys come back too.
 */
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
            try (var files = Files.list(directory)) {
                for (Path file : files.toList()) {
                    Files.delete(file); // the snapshot and the log
                }
            }
            Files.delete(directory);
            Files.writeString(directory, "a file where the state's directory was"); // so it cannot be recreated
            HttpResponse<String> answer = Http.send(sandbox.baseUrl() + "/v0/cards", "POST", KEY, "disk-gone-card-0001",
                    cardBody("Fuel"));
            assertThat(answer.statusCode()).isEqualTo(503);
            JsonNode body = Http.JSON.readTree(answer.body());
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
            card = Http.JSON.readTree(issued.body()).get("id").asText();
            HttpResponse<String> created = Http.send(base + "/v0/external-accounts", "POST", KEY, "kill-test-xa-0001",
                    externalAccountBody());
            assertThat(created.statusCode()).isEqualTo(201);
            externalAccount = Http.JSON.readTree(created.body()).get("id").asText();
            HttpResponse<String> simulated = Http.send(base + "/_sandbox/inbound-ach-transfers", "POST", null, null,
                    "{\"account_id\":\"" + HARBOR_OPERATING + "\",\"amount\":5000}");
            assertThat(simulated.statusCode()).isEqualTo(201);
            ach = Http.JSON.readTree(simulated.body()).get("id").asText();
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
            JsonNode transfer = Http.JSON.readTree(Http.get(base + "/v0/inbound-ach-transfers/" + ach, KEY).body());
            assertThat(transfer.get("status").asText()).isEqualTo("accepted");
            JsonNode account = Http.JSON.readTree(Http.get(base + "/v0/accounts/" + HARBOR_OPERATING, KEY).body());
            assertThat(account.get("total_balance").asLong()).isEqualTo(20000);
            // the idempotency key came back too: the retry replays instead of issuing a second card
            HttpResponse<String> retry = Http.send(base + "/v0/cards", "POST", KEY, "kill-test-card-0001", cardBody("Fuel"));
            assertThat(retry.statusCode()).isEqualTo(201);
            assertThat(retry.headers().firstValue("Idempotency-Replayed")).contains("true");
            assertThat(Http.JSON.readTree(retry.body()).get("id").asText()).isEqualTo(card);
            // new ids continue after the restored ones instead of colliding with them
            HttpResponse<String> another = Http.send(base + "/v0/cards", "POST", KEY, "kill-test-card-0002", cardBody("Tolls"));
            assertThat(Http.JSON.readTree(another.body()).get("id").asText()).isNotEqualTo(card);
            assertThat(second.terminate()).isIn(0, 143);
        }
    }

    static String paymentCardBody() {
        return "{\"bank_account_id\":\"" + RIVERSIDE_OPERATING + "\",\"nickname\":\"Payments\",\"authorization_controls\":"
                + "{\"usage\":{\"category\":\"multi_use\",\"multi_use\":{\"spending_limits\":"
                + "[{\"interval\":\"all_time\",\"amount\":100000000}]}}}}";
    }

    /**
     * Four clients issue cards and two pay with one card (each payment moves the account's balances,
     * a write of several rows) until the process is killed mid-burst. After the restart: every card
     * answered 201 is there, at most one more per client (a request in flight when the kill came may
     * have been applied without being answered), and the account's balance is exactly its balance
     * before the burst minus the payments the restarted sandbox holds, each with its transaction.
     */
    @Test
    void killedMidBurstEveryAcknowledgedWriteIsBackWithExactCounts() throws Exception {
        Path stateFile = temp.resolve("burst.json");
        for (int round = 0; round < 2; round++) {
            Set<String> acknowledgedCards = Collections.synchronizedSet(new HashSet<>());
            AtomicInteger acknowledgedPayments = new AtomicInteger();
            String card;
            long balanceBefore;
            int paymentsBefore;
            int cardsBefore;
            try (SandboxProcess sandbox = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file",
                    stateFile.toString())) {
                String base = sandbox.baseUrl();
                HttpResponse<String> issued = Http.send(base + "/v0/cards", "POST", KEY, "burst-payments-card-" + round,
                        paymentCardBody());
                card = Http.JSON.readTree(issued.body()).get("id").asText();
                JsonNode state = Http.JSON.readTree(Http.get(base + "/_sandbox/state", null).body());
                balanceBefore = balance(state, RIVERSIDE_OPERATING);
                paymentsBefore = state.get("card_payments").size();
                cardsBefore = state.get("cards").size();
                AtomicBoolean stop = new AtomicBoolean();
                AtomicInteger sequence = new AtomicInteger();
                int finalRound = round;
                List<Thread> clients = new ArrayList<>();
                for (int w = 0; w < 6; w++) {
                    boolean pays = w >= 4;
                    Thread client = new Thread(() -> {
                        while (!stop.get()) {
                            int n = sequence.incrementAndGet();
                            try {
                                if (pays) {
                                    HttpResponse<String> answer = Http.send(base + "/_sandbox/cards/" + card + "/authorizations",
                                            "POST", null, null, "{\"amount\":" + (100 + n) + ",\"merchant_category_code\":\"5411\","
                                                    + "\"merchant_country\":\"US\"}");
                                    if (answer.statusCode() == 200) {
                                        acknowledgedPayments.incrementAndGet();
                                    }
                                } else {
                                    HttpResponse<String> answer = Http.send(base + "/v0/cards", "POST", KEY,
                                            "burst-" + finalRound + "-" + n + "-card", cardBody("Burst " + n));
                                    if (answer.statusCode() == 201) {
                                        acknowledgedCards.add(Http.JSON.readTree(answer.body()).get("id").asText());
                                    }
                                }
                            } catch (Exception e) {
                                return; // the server died mid-request: that answer never came, so nothing was promised
                            }
                        }
                    });
                    client.start();
                    clients.add(client);
                }
                while (acknowledgedCards.size() < 20 + round * 7 || acknowledgedPayments.get() < 10) {
                    Thread.sleep(20);
                }
                sandbox.kill();
                stop.set(true);
                for (Thread client : clients) {
                    client.join(30_000);
                }
            }
            try (SandboxProcess restarted = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file",
                    stateFile.toString())) {
                JsonNode state = Http.JSON.readTree(Http.get(restarted.baseUrl() + "/_sandbox/state", null).body());
                Set<String> cards = new HashSet<>();
                state.get("cards").forEach(c -> cards.add(c.get("id").asText()));
                assertThat(cards).containsAll(acknowledgedCards);
                assertThat(cards.size() - cardsBefore).isBetween(acknowledgedCards.size(), acknowledgedCards.size() + 4);
                List<JsonNode> payments = new ArrayList<>();
                state.get("card_payments").forEach(p -> {
                    if (p.get("card_id").asText().equals(card)) {
                        payments.add(p);
                    }
                });
                assertThat(payments.size()).isEqualTo(state.get("card_payments").size() - paymentsBefore)
                        .isBetween(acknowledgedPayments.get(), acknowledgedPayments.get() + 2);
                long paid = payments.stream().mapToLong(p -> p.get("amount").asLong()).sum();
                assertThat(balance(state, RIVERSIDE_OPERATING)).isEqualTo(balanceBefore - paid);
                Set<String> transactions = new HashSet<>();
                state.get("transactions").forEach(t -> transactions.add(t.get("id").asText()));
                assertThat(payments).allMatch(p -> transactions.contains(p.get("transaction_id").asText()));
                assertThat(restarted.terminate()).isIn(0, 143);
            }
        }
    }

    private static long balance(JsonNode state, String accountId) {
        for (JsonNode account : state.get("accounts")) {
            if (account.get("id").asText().equals(accountId)) {
                return account.get("total_balance").asLong();
            }
        }
        throw new AssertionError("no account " + accountId);
    }

    @Test
    void aLogTornByAPowerCutIsCutBackWithOneLineAndTheStartGoesOn() throws Exception {
        Path stateFile = temp.resolve("torn").resolve("sandbox.json");
        String kept;
        try (SandboxProcess first = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file", stateFile.toString())) {
            HttpResponse<String> issued = Http.send(first.baseUrl() + "/v0/cards", "POST", KEY, "torn-test-card-0001",
                    cardBody("Kept"));
            kept = Http.JSON.readTree(issued.body()).get("id").asText();
            Http.send(first.baseUrl() + "/v0/cards", "POST", KEY, "torn-test-card-0002", cardBody("Torn"));
            first.kill();
        }
        Path log = stateFile.resolveSibling("sandbox.json.log");
        byte[] bytes = Files.readAllBytes(log);
        // what a power cut during the last append leaves: the first part of a line, no newline
        Files.write(log, java.util.Arrays.copyOf(bytes, bytes.length - 40));
        try (SandboxProcess second = SandboxProcess.start("--port", "0", "--clock", "frozen", "--state-file", stateFile.toString())) {
            assertThat(Http.get(second.baseUrl() + "/v0/cards/" + kept, KEY).statusCode()).isEqualTo(200);
            assertThat(second.terminate()).isIn(0, 143);
            List<String> lines = second.stderr().lines().filter(line -> line.contains("torn")).toList();
            assertThat(lines).hasSize(1);
            assertThat(lines.get(0)).contains("sandbox.json.log").contains("dropped a torn last record");
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
