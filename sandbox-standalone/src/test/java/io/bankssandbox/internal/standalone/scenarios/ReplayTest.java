package io.bankssandbox.internal.standalone.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.standalone.Http;
import io.bankssandbox.internal.standalone.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayTest {
    /** Where the fixtures module keeps the scenarios it ships (tests run in the module's directory). */
    static final Path SHIPPED = Path.of("..", "fixtures", "src", "main", "resources", "io", "bankssandbox", "scenarios");

    @TempDir
    Path temp;

    record Run(int exitCode, String out, String err) {}

    static Run replay(String... paths) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] args = new String[paths.length + 1];
        args[0] = "replay";
        System.arraycopy(paths, 0, args, 1, paths.length);
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void everyShippedScenarioPasses() throws IOException {
        try (var files = Files.list(SHIPPED)) {
            assertThat(files.filter(f -> f.toString().endsWith(".json")).count()).isGreaterThanOrEqualTo(6);
        }
        Run run = replay("--shipped");
        assertThat(run.out()).doesNotContain("FAIL");
        assertThat(run.out().strip()).endsWith("8 passed, 0 failed");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void aFailingStepShowsExpectedAndActualAtTheirJsonPathAndExits1() throws IOException {
        Path scenario = temp.resolve("wrong.json");
        Files.writeString(scenario, """
                { "name": "wrong expectations", "fixtures": "default", "steps": [
                  { "name": "read the account",
                    "request": { "method": "GET", "path": "/v0/accounts/account_0000000srbl695e78hs4" },
                    "expect": { "status": 200, "body": { "name": "Harbor Operating", "total_balance": 99 } } },
                  { "name": "expects a card where the body is invalid",
                    "request": { "method": "POST", "path": "/v0/cards", "body": { "nickname": "x" } },
                    "expect": { "status": 201, "body": { "message": ["only one"] } } },
                  { "name": "saves a value the answer does not hold",
                    "request": { "method": "GET", "path": "/v0/accounts/account_0000000srbl695e78hs4" },
                    "save": { "card_id": "$.card.id" } },
                  { "name": "passes", "request": { "method": "GET", "path": "/_sandbox/health" } }
                ] }
                """);
        Run run = replay(scenario.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("FAIL  1. read the account  -> 200")
                .contains("$.total_balance: expected 99, was 15000")
                .contains("FAIL  2. expects a card where the body is invalid  -> 400")
                .contains("status: expected 201, was 400")
                .contains("$.message: expected 1 items, was 2")
                .contains("FAIL  3. saves a value the answer does not hold  -> 200")
                .contains("save card_id: $.card.id is not in the answer")
                .contains("PASS  4. passes")
                .contains("FAILED (3 of 4 steps)");
        assertThat(run.out().strip()).endsWith("0 passed, 1 failed");
    }

    @Test
    void tallyCountsScenariosAndAnUnreadableFileIsAFailureWithItsReason() throws IOException {
        Path good = temp.resolve("a-good.json");
        Files.writeString(good, """
                { "name": "health", "steps": [ { "request": { "method": "GET", "path": "/_sandbox/health" },
                  "expect": { "status": 200, "body": { "status": "ok" } } } ] }
                """);
        Path typo = temp.resolve("b-typo.json");
        Files.writeString(typo, """
                { "name": "typo", "steps": [ { "reqest": { "method": "GET", "path": "/v0/entities" } } ] }
                """);
        Path notJson = temp.resolve("c-broken.json");
        Files.writeString(notJson, "{ \"steps\": [");
        Run run = replay(temp.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("b-typo.json:1:32: step 1, /steps/0/reqest: unknown key \"reqest\" (did you mean \"request\"?)")
                .contains("c-broken.json:1:13: not valid JSON: Unexpected end-of-input: expected close marker for Array"
                        + " (start marker at line 1, column 12)");
        assertThat(run.out().strip()).endsWith("1 passed, 2 failed");
    }

    @Test
    void aRecordedSessionExportsAsAScenarioThatReplaysGreenOnAFreshSandbox() throws Exception {
        JsonNode exported;
        try (Sandbox sandbox = Sandbox.start()) {
            String base = sandbox.baseUrl();
            String key = sandbox.apiKey();
            String harbor = "account_0000000srbl695e78hs4";
            send(base, key, "GET", "/v0/entities?limit=2", null, null);
            JsonNode ach = send(base, null, "POST", "/_sandbox/inbound-ach-transfers",
                    "{\"account_id\":\"" + harbor + "\",\"amount\":5000}", null);
            String card = "{\"bank_account_id\":\"" + harbor + "\",\"nickname\":\"Fuel\",\"authorization_controls\":"
                    + "{\"usage\":{\"category\":\"multi_use\",\"multi_use\":{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":7000}]}}}}";
            JsonNode issued = send(base, key, "POST", "/v0/cards", card, "session-card-0001");
            send(base, key, "POST", "/v0/cards", card, "session-card-0001"); // the retry replays
            send(base, key, "POST", "/v0/cards", "{\"nickname\":\"\"}", "session-card-0002"); // 400
            send(base, null, "POST", "/_sandbox/clock/advance", "{\"by\":\"PT2H\"}", null);
            send(base, key, "GET", "/v0/inbound-ach-transfers/" + ach.get("id").asText(), null, null);
            send(base, key, "GET", "/v0/accounts/" + harbor, null, null);
            send(base, null, "POST", "/_sandbox/cards/" + issued.get("id").asText() + "/authorizations",
                    "{\"amount\":6000,\"merchant_category_code\":\"5541\",\"merchant_country\":\"US\"}", null);
            send(base, key, "GET", "/v0/cards/" + issued.get("id").asText(), null, null);
            send(base, "lm_key_sandbox_one", "GET", "/v0/accounts?limit=100", null, null); // sees one entity only
            send(base, "not-a-key", "GET", "/v0/accounts", null, null); // 401
            HttpResponse<String> export = Http.get(base + "/_sandbox/requests?format=scenario", null);
            assertThat(export.statusCode()).isEqualTo(200);
            assertThat(export.body()).doesNotContain(key).doesNotContain("lm_key_sandbox_one").doesNotContain("not-a-key");
            exported = Http.JSON.readTree(export.body());
        }
        JsonNode steps = exported.get("steps");
        List<String> kinds = new ArrayList<>();
        steps.forEach(step -> kinds.add(step.has("request") ? "request" : step.has("control") ? "control" : "advance_to"));
        assertThat(kinds).containsExactly("request", "control", "request", "request", "request", "advance_to", "request",
                "request", "control", "request", "request", "request");
        assertThat(steps.get(10).at("/request/headers/Authorization").asText()).isEqualTo("Bearer ${api_key_2}");
        assertThat(steps.get(11).at("/request/headers/Authorization").isNull()).isTrue();
        assertThat(steps.get(11).at("/expect/status").asInt()).isEqualTo(401);
        assertThat(steps.get(2).at("/request/headers/Idempotency-Key").asText()).isEqualTo("session-card-0001");
        assertThat(steps.get(2).at("/expect/status").asInt()).isEqualTo(201);
        assertThat(steps.get(2).at("/expect/body/created_at").isMissingNode()).isTrue();
        assertThat(steps.get(4).at("/expect/status").asInt()).isEqualTo(400);
        assertThat(steps.get(5).get("advance_to").asText()).isEqualTo("2026-03-02T17:00:00Z");
        assertThat(steps.get(6).at("/expect/body/status").asText()).isEqualTo("accepted");
        assertThat(steps.get(6).at("/expect/body/accepted_at").isMissingNode()).isTrue();

        Path file = temp.resolve("session.json");
        Files.writeString(file, Http.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(exported));
        Run run = replay(file.toString());
        assertThat(run.out()).doesNotContain("FAIL");
        assertThat(run.out().strip()).endsWith("1 passed, 0 failed");
        assertThat(run.exitCode()).isZero();

        // and the replay really checks: change one expected value and it fails at that path
        ((com.fasterxml.jackson.databind.node.ObjectNode) steps.get(7).at("/expect/body")).put("total_balance", 1);
        Files.writeString(file, Http.JSON.writeValueAsString(exported));
        Run broken = replay(file.toString());
        assertThat(broken.exitCode()).isEqualTo(1);
        assertThat(broken.out()).contains("$.total_balance: expected 1, was ");
    }

    private static JsonNode send(String base, String key, String method, String path, String body, String idempotencyKey)
            throws IOException, InterruptedException {
        return Http.JSON.readTree(Http.send(base + path, method, key, idempotencyKey, body).body());
    }
}
