package io.bankssandbox.internal.standalone.scenarios;

import static io.bankssandbox.internal.standalone.scenarios.ReplayTest.replay;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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

    /**
     * Every scenario the README and the pages under docs/ show, whole files and step lists alike, in
     * YAML or JSON, is valid and passes as it is written, so the docs stay true. Fragments (an
     * {@code expect:} or {@code save:} alone, a CI configuration) are not scenarios and are left out.
     */
    @Test
    void everyScenarioOfTheDocsIsValidAndPasses() throws Exception {
        Map<String, List<String>> scenarios = docsScenarios();
        assertThat(scenarios.get("README.md")).as("README.md's QA scenario").hasSize(1);
        assertThat(scenarios.get("docs/scenarios.md"))
                .as("docs/scenarios.md: the whole scenario, the smallest one, the headers, the webhook").hasSize(4);
        for (Map.Entry<String, List<String>> page : scenarios.entrySet()) {
            for (int i = 0; i < page.getValue().size(); i++) {
                String scenario = page.getValue().get(i);
                Path file = temp.resolve(page.getKey().replace('/', '-') + "-" + (i + 1)
                        + (scenario.startsWith("{") ? ".json" : ".yaml"));
                Files.writeString(file, scenario);
                ReplayTest.Run check = replay("--check", file.toString());
                assertThat(check.out().strip()).as(page.getKey() + ":\n" + scenario).endsWith("1 valid, 0 invalid");
                ReplayTest.Run run = replay(file.toString());
                assertThat(run.out()).as(page.getKey() + ":\n" + scenario).doesNotContain("FAIL")
                        .endsWith("1 passed, 0 failed\n");
                assertThat(run.exitCode()).isZero();
            }
        }
    }

    /** The scenarios of each page: yaml blocks with a top-level steps key or that are a step list; json blocks with "steps". */
    private static Map<String, List<String>> docsScenarios() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("..", "README.md")));
        try (Stream<Path> docs = Files.list(Path.of("..", "docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        Map<String, List<String>> scenarios = new LinkedHashMap<>();
        Pattern block = Pattern.compile("(?m)^```(yaml|json)\\n(.*?)^```\\s*$", Pattern.DOTALL);
        for (Path page : pages) {
            String name = Path.of("..").relativize(page).toString().replace('\\', '/');
            Matcher m = block.matcher(Files.readString(page));
            while (m.find()) {
                String text = m.group(2);
                boolean scenario = m.group(1).equals("yaml")
                        ? text.lines().anyMatch(line -> line.startsWith("steps:")) || text.startsWith("  - ")
                        : text.strip().startsWith("{") && text.contains("\"steps\"")
                                // the scenario schema itself, which reference.md shows as its route's answer
                                && !text.contains("\"$schema\": \"https://json-schema.org/");
                if (scenario) {
                    scenarios.computeIfAbsent(name, k -> new ArrayList<>())
                            .add(text.startsWith("  - ") ? "steps:\n" + text : text);
                }
            }
        }
        return scenarios;
    }
}
