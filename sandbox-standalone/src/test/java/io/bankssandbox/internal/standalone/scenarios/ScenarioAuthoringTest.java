package io.bankssandbox.internal.standalone.scenarios;

import static io.bankssandbox.internal.standalone.scenarios.ReplayTest.replay;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing scenarios: every problem of a file at once, where it is, and the matchers that make expectations precise. */
class ScenarioAuthoringTest {
    @TempDir
    Path temp;

    @Test
    void checkReportsEveryProblemOfEveryFileWithLineColumnAndStepFromOneWithoutRunning() throws Exception {
        Path json = temp.resolve("a-typos.json");
        Files.writeString(json, """
                { "name": "typos", "steps": [
                  { "request": { "method": "GET", "path": "/v0/entities" }, "expect": { "stauts": 200 } },
                  { "request": { "method": "GET", "path": "/v0/cards/${card}" },
                    "expect": { "status": "200", "body": { "data": { "$contans": [] } } } },
                  { "control": { "path": "/v0/accounts" } },
                  { "advance": "two hours" },
                  { "request": { "method": "POST", "path": "/v0/cards" }, "save": { "card": "id" } }
                ] }
                """);
        Path yaml = temp.resolve("b-typos.yaml");
        Files.writeString(yaml, """
                # comments are allowed in YAML scenarios
                name: yaml typos
                steps:
                  - request: { method: GET, path: /v0/entities }
                    expect:
                      status: 200
                      boddy: {}
                  - advance_to: 2026-03-02
                    within: PT1S
                  - expect_webhook: { event: transaction.craeted }
                """);
        Path good = temp.resolve("c-good.yml");
        Files.writeString(good, "steps:\n  - request: { method: GET, path: /_sandbox/health }\n");
        Path editorsSchema = temp.resolve("d-schema-for-the-editor.json"); // editors read "$schema"; replay lets it be
        Files.writeString(editorsSchema, "{ \"$schema\": \"http://127.0.0.1:8080/_sandbox/scenario-schema.json\","
                + " \"steps\": [ { \"advance\": \"PT1H\" } ] }");

        ReplayTest.Run run = replay("--check", temp.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out().lines().toList()).containsExactly(
                json + ":2:73: step 1, /steps/0/expect/stauts: unknown key \"stauts\" (did you mean \"status\"?)",
                json + ":3:35: step 2, /steps/1/request/path: ${card} is not defined here: step 5 saves it, after this one",
                json + ":4:17: step 2, /steps/1/expect/status: must be an HTTP status code",
                json + ":4:54: step 2, /steps/1/expect/body/data/$contans: unknown matcher \"$contans\": a matcher is $regex, "
                        + "$contains or $each, and an object holding one has no other keys",
                json + ":5:18: step 3, /steps/2/control/path: control steps carry no API key: call a /v0 route with \"request\" "
                        + "(its Authorization header set to null tests a missing key)",
                json + ":6:5: step 4, /steps/3/advance: must be an ISO 8601 duration such as PT2H, P1D or PT30S",
                json + ":7:69: step 5, /steps/4/save/card: must be a path into the answer such as \"$.data[0].id\" "
                        + "($, .field, [\"field\"], [index])",
                yaml + ":7:7: step 1, /steps/0/expect/boddy: unknown key \"boddy\" (did you mean \"body\"?)",
                yaml + ":8:5: step 2, /steps/1/advance_to: must be an ISO 8601 instant such as 2026-01-15T12:00:00Z",
                yaml + ":9:5: step 2, /steps/1/within: \"within\" belongs to an \"expect_webhook\" step",
                yaml + ":10:23: step 3, /steps/2/expect_webhook/event: must be transaction.created or entity.connected"
                        + " (the events the sandbox sends)",
                "OK  " + good + " (1 steps)",
                "OK  " + editorsSchema + " (1 steps)",
                "2 valid, 2 invalid");
        assertThat(run.out()).doesNotContain("Scenario:"); // nothing ran
    }

    @Test
    void checkOfValidFilesExitsZeroAndReplayOfAnInvalidOneRunsNothingButListsEverything() throws Exception {
        assertThat(replay("--check", "--shipped").exitCode()).isZero();
        Path bad = temp.resolve("bad.json");
        Files.writeString(bad, "{ \"steps\": [ { \"reqest\": {} }, { \"advance\": 5 } ], \"sede\": 1 }");
        ReplayTest.Run run = replay(bad.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains(bad + ":1:14: step 1, /steps/0: a step has exactly one of")
                .contains(bad + ":1:16: step 1, /steps/0/reqest: unknown key \"reqest\" (did you mean \"request\"?)")
                .contains(bad + ":1:34: step 2, /steps/1/advance: must be an ISO 8601 duration")
                .contains(bad + ":1:52: /sede: unknown key \"sede\" (did you mean \"seed\"?)")
                .contains("INVALID (4 problems; nothing was run)");
        assertThat(run.out().strip()).endsWith("0 passed, 1 failed");
    }

    @Test
    void malformedJsonAndYamlSayWhereTheSyntaxBreaks() throws Exception {
        Path json = temp.resolve("broken.json");
        Files.writeString(json, "{ \"steps\": [\n  { \"request\": { \"method\": \"GET\" \"path\": \"/x\" } }\n] }");
        Path yaml = temp.resolve("broken.yaml");
        Files.writeString(yaml, "steps:\n  - request: {method: GET\n  - x: [\n");
        Path duplicate = temp.resolve("duplicate.yaml");
        Files.writeString(duplicate, "steps: []\nname: one\nname: two\n");
        ReplayTest.Run run = replay("--check", json.toString(), yaml.toString(), duplicate.toString());
        assertThat(run.out().lines().toList()).containsExactly(
                json + ":2:34: not valid JSON: Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries",
                yaml + ":3:6: not valid YAML: expected ',' or '}', but got : (while parsing a flow mapping at line 2, column 14)",
                duplicate + ":3:1: /name: duplicate key \"name\"",
                "0 valid, 3 invalid");
    }

    @Test
    void aYamlScenarioWithCommentsRunsLikeItsJsonTwinAndMatchersCheckArraysAndStrings() throws Exception {
        Path yaml = temp.resolve("cards.yaml");
        Files.writeString(yaml, """
                # Issue a card, then find it among the account's cards without knowing its position
                name: a card among others
                fixtures: default
                steps:
                  - name: issue a card
                    request:
                      method: POST
                      path: /v0/cards
                      body:
                        bank_account_id: account_0000000srbl695e78hs4
                        nickname: Fuel
                        authorization_controls:
                          usage:
                            category: multi_use
                            multi_use: { spending_limits: [ { interval: per_day, amount: 7000 } ] }
                    expect:
                      status: 201
                      body:
                        id: { $regex: "card_[0-9a-z]{20}" }   # the shape of an id, whatever the seed
                        last_4: { $regex: "[0-9]{4}" }
                    save: { card: $.id }
                  - name: the account is among the ones the key sees, and every one is an account
                    request: { method: GET, path: "/v0/accounts?limit=100" }
                    expect:
                      status: 200
                      body:
                        data:
                          $contains: [ { id: account_0000000srbl695e78hs4, name: Harbor Operating } ]
                          $each: { id: { $regex: "account_[0-9a-z]{20}" }, name: { $regex: ".+" } }
                  - name: a wrong expectation says what it wanted
                    request: { method: GET, path: "/v0/cards/${card}" }
                    expect:
                      body: { nickname: { $regex: "Diesel.*" } }
                """);
        ReplayTest.Run run = replay(yaml.toString());
        assertThat(run.out()).contains("PASS  1. issue a card  -> 201")
                .contains("PASS  2. the account is among the ones the key sees, and every one is an account  -> 200")
                .contains("FAIL  3. a wrong expectation says what it wanted  -> 200")
                .contains("$.nickname: expected a string matching /Diesel.*/, was \"Fuel\"")
                .contains("FAILED (1 of 3 steps)");
        assertThat(run.out().strip()).endsWith("0 passed, 1 failed");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void theReadmesYamlScenarioIsValidAndPasses() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        String section = readme.substring(readme.indexOf("### QA scenarios"));
        int start = section.indexOf("```yaml\n") + "```yaml\n".length();
        Path example = temp.resolve("readme.yaml");
        Files.writeString(example, section.substring(start, section.indexOf("```", start)));
        ReplayTest.Run check = replay("--check", example.toString());
        assertThat(check.out().strip()).endsWith("1 valid, 0 invalid");
        assertThat(check.exitCode()).isZero();
        ReplayTest.Run run = replay(example.toString());
        assertThat(run.out()).doesNotContain("FAIL").contains("PASS  6. webhook transaction.created");
        assertThat(run.out().strip()).endsWith("1 passed, 0 failed");
        assertThat(run.exitCode()).isZero();
    }

    /** The authoring guide's examples that are whole step lists run as they are written, so the guide stays true. */
    @Test
    void theAuthoringGuidesStepListsPass() throws Exception {
        String guide = Files.readString(Path.of("..", "docs", "scenarios.md"));
        List<String> runnable = new ArrayList<>();
        for (String block : guide.split("```yaml\n")) {
            String yaml = block.substring(0, Math.max(0, block.indexOf("```")));
            if (yaml.startsWith("steps:")) {
                runnable.add(yaml);
            } else if (yaml.startsWith("  - ")) {
                runnable.add("steps:\n" + yaml);
            }
        }
        assertThat(runnable).hasSize(3); // the smallest scenario, the headers, the webhook
        for (int i = 0; i < runnable.size(); i++) {
            Path example = temp.resolve("guide-" + (i + 1) + ".yaml");
            Files.writeString(example, runnable.get(i));
            ReplayTest.Run run = replay(example.toString());
            assertThat(run.out()).as(runnable.get(i)).doesNotContain("FAIL").endsWith("1 passed, 0 failed\n");
        }
    }
}
