package io.bankssandbox.internal.standalone.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The schema's rules in replay's words, pinned as a scenario author reads them: the plain type words
 * ("an integer", "not a boolean"), RFC 6901 pointers, and an x-messages wording where the schema has one.
 */
class ScenarioSchemaTest {
    private static List<String> problems(String text) {
        byte[] bytes = text.replace('\'', '"').getBytes(StandardCharsets.UTF_8);
        return Scenario.check(ScenarioDocument.parse("s.json", bytes, false)).stream().map(Problem::toString).toList();
    }

    @Test
    void everyRuleOfAFileInReplaysWords() {
        assertThat(problems("""
                { 'name': 5, 'seed': 'x', 'description': true, 'fixtures': '', 'start': null, 'a/b~c': 1,
                  'steps': [ { 'advance': 'PT1H', 'x/y': 1 }, { 'request': { 'method': 'GET', 'path': '/v0/entities', 'headers': { 'A': {} } },
                    'expect': { 'status': 99, 'body': { 'x': { '$regex': '(' } }, 'headers': { 'B': [] } } },
                    { 'within': 'PT1S', 'advance': 'PT1H' }, { 'name': 1.5, 'advance': 'PT1H' }, { 'name': [], 'advance': 'PT1H' },
                    { 'name': {}, 'advance': 'PT1H' }, { 'name': null, 'advance': 'PT1H' }, { 'name': false, 'advance': 'PT1H' },
                    { 'request': { 'method': 'GOT', 'path': 'v0' }, 'save': {} }, { 'request': {} },
                    { 'expect_webhook': { 'event': 'transaction.created' }, 'expect': {} } ] }
                """)).containsExactly(
                "s.json:1:3: /name: must be a string, not an integer",
                "s.json:1:14: /seed: must be an integer, not a string",
                "s.json:1:27: /description: must be a string, not a boolean",
                "s.json:1:48: /fixtures: must not be empty",
                "s.json:1:64: /start: must be an ISO 8601 instant such as 2026-01-15T12:00:00Z",
                "s.json:1:79: /a~1b~0c: unknown key \"a/b~c\" (known keys: $schema, name, description, fixtures, seed, start, steps)",
                "s.json:2:35: step 1, /steps/0/x~1y: unknown key \"x/y\" (known keys: name, request, control, advance, advance_to,"
                        + " expect_webhook, within, expect, save)",
                "s.json:2:116: step 2, /steps/1/request/headers/A: must be an object of header names to values (null: the header is not sent)",
                "s.json:3:17: step 2, /steps/1/expect/status: must be an HTTP status code",
                "s.json:3:48: step 2, /steps/1/expect/body/x/$regex: not a valid regular expression: Unclosed group near index 1",
                "s.json:3:80: step 2, /steps/1/expect/headers/B: must be an object of header names to exact values (null: the header is absent)",
                "s.json:4:7: step 3, /steps/2/within: \"within\" belongs to an \"expect_webhook\" step",
                "s.json:4:48: step 4, /steps/3/name: must be a string, not a number",
                "s.json:4:84: step 5, /steps/4/name: must be a string, not an array",
                "s.json:5:7: step 6, /steps/5/name: must be a string, not an object",
                "s.json:5:42: step 7, /steps/6/name: must be a string, not null",
                "s.json:5:79: step 8, /steps/7/name: must be a string, not a boolean",
                "s.json:6:20: step 9, /steps/8/request/method: must be GET, POST, PUT, PATCH, DELETE or HEAD",
                "s.json:6:37: step 9, /steps/8/request/path: must start with / (a path on the sandbox, such as /v0/cards)",
                "s.json:6:69: step 10, /steps/9/request: \"method\" is required",
                "s.json:6:69: step 10, /steps/9/request: \"path\" is required",
                "s.json:7:61: step 11, /steps/10/expect: an \"expect_webhook\" step has no \"expect\": its \"body\" is the expectation");
    }

    @Test
    void theDocumentItselfAndItsSteps() {
        assertThat(problems("[]")).containsExactly("s.json:1:1: /: must be an object, not an array");
        assertThat(problems("{ 'steps': 1 }")).containsExactly("s.json:1:3: /steps: must be an array, not an integer");
    }
}
