package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A QA scenario: a fixture set, then steps run in order against a fresh sandbox. Its format is the
 * JSON Schema {@code scenario-schema.json} (served at {@code /_sandbox/scenario-schema.json});
 * a file is JSON, or YAML ({@code .yaml}/{@code .yml}) of the same structure.
 *
 * <pre>{@code
 * { "name": "...", "fixtures": "default",
 *   "steps": [
 *     { "name": "issue a card",
 *       "request": { "method": "POST", "path": "/v0/cards", "headers": { ... }, "body": { ... } },
 *       "expect": { "status": 201, "body": { "status": "active", "id": { "$regex": "card_[0-9a-z]{20}" } } },
 *       "save": { "card_id": "$.id" } },
 *     { "advance": "PT2H" },
 *     { "advance_to": "2026-01-16T00:00:00Z" },
 *     { "control": { "method": "POST", "path": "/_sandbox/inbound-ach-transfers/${ach}/accept" }, "expect": { "status": 200 } },
 *     { "expect_webhook": { "event": "transaction.created", "body": { "transaction": { "amount": 5000 } } }, "within": "PT5S" } ] }
 * }</pre>
 * Every string may use {@code ${name}} for a value saved by an earlier step.
 */
public record Scenario(String name, String fixtures, Long seed, Instant start, List<Step> steps, String source) {
    /** How long an {@code expect_webhook} step waits when it names no {@code within}. */
    public static final Duration DEFAULT_WITHIN = Duration.ofSeconds(5);

    /** What a step does: a /v0 request, a control request (no API key; clock advances are these), or a webhook awaited. */
    public enum Kind { REQUEST, CONTROL, WEBHOOK }

    /**
     * One step. {@code headers} values may be JSON null, which means "do not send this header" (to
     * test a missing Idempotency-Key or Authorization). A WEBHOOK step has {@code event} and
     * {@code within}, and its {@code expect.body()} is the delivery's expected body.
     */
    public record Step(String name, Kind kind, String method, String path, ObjectNode headers, JsonNode body,
                       Expect expect, Map<String, String> save, String event, Duration within) {
        public boolean control() {
            return kind == Kind.CONTROL;
        }
    }

    /**
     * {@code status} null means any 2xx; {@code body} null means the body is not checked; {@code noAnswer}:
     * the request gets no answer at all (a fault closed the connection).
     */
    public record Expect(Integer status, JsonNode body, ObjectNode headers, boolean noAnswer) {
        Expect(Integer status, JsonNode body, ObjectNode headers) {
            this(status, body, headers, false);
        }
    }

    /** Reads, validates and builds a scenario; every problem of the file at once when it is not valid. */
    public static Scenario load(Path file) {
        ScenarioDocument document = ScenarioDocument.read(file);
        List<Problem> problems = check(document);
        if (!problems.isEmpty()) {
            throw new ScenarioException(problems);
        }
        return of(document.root(), file.toString());
    }

    /** Every problem of a file: syntax, then the schema's rules and the checks a schema cannot make, in file order. */
    public static List<Problem> check(ScenarioDocument document) {
        List<Problem> problems = new ArrayList<>(document.problems());
        if (document.root() != null) {
            problems.addAll(ScenarioSchema.get().validate(document));
            problems.addAll(ScenarioChecks.of(document));
        }
        problems.sort(Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column));
        return problems;
    }

    /** Builds a scenario from a document the schema accepted. */
    static Scenario of(JsonNode document, String source) {
        List<Step> steps = new ArrayList<>();
        for (JsonNode step : document.path("steps")) {
            steps.add(step(step));
        }
        String name = document.hasNonNull("name") ? document.get("name").asText() : source;
        String fixtures = document.hasNonNull("fixtures") ? document.get("fixtures").asText() : "default";
        Long seed = document.hasNonNull("seed") ? document.get("seed").asLong() : null;
        Instant start = document.hasNonNull("start") ? Instant.parse(document.get("start").asText()) : null;
        return new Scenario(name, fixtures, seed, start, List.copyOf(steps), source);
    }

    private static Step step(JsonNode step) {
        String name = step.hasNonNull("name") ? step.get("name").asText() : null;
        Expect expect = expect(step.get("expect"));
        Map<String, String> save = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = step.path("save").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            save.put(field.getKey(), field.getValue().asText());
        }
        ObjectNode none = JsonNodeFactory.instance.objectNode();
        if (step.has("expect_webhook")) {
            JsonNode webhook = step.get("expect_webhook");
            String event = webhook.get("event").asText();
            Duration within = step.has("within") ? Duration.parse(step.get("within").asText()) : DEFAULT_WITHIN;
            return new Step(name != null ? name : "webhook " + event, Kind.WEBHOOK, "GET", "/_sandbox/webhooks/inbox",
                    none, null, new Expect(null, webhook.get("body"), null), save, event, within);
        }
        if (step.has("advance") || step.has("advance_to")) {
            boolean by = step.has("advance");
            String value = step.get(by ? "advance" : "advance_to").asText();
            ObjectNode body = JsonNodeFactory.instance.objectNode().put(by ? "by" : "to", value);
            return new Step(name != null ? name : (by ? "advance " : "advance to ") + value, Kind.CONTROL, "POST",
                    "/_sandbox/clock/advance", none, body,
                    expect.status() == null ? new Expect(200, expect.body(), expect.headers()) : expect, save, null, null);
        }
        boolean control = step.has("control");
        JsonNode request = step.get(control ? "control" : "request");
        String method = request.hasNonNull("method") ? request.get("method").asText().toUpperCase() : "POST";
        String path = request.get("path").asText();
        ObjectNode headers = request.get("headers") instanceof ObjectNode given ? given : none;
        // a request to /_sandbox is a control request whichever key names it: the control API takes no API key
        Kind kind = control || path.startsWith("/_sandbox") ? Kind.CONTROL : Kind.REQUEST;
        return new Step(name, kind, method, path, headers, request.get("body"), expect, save, null, null);
    }

    private static Expect expect(JsonNode expect) {
        if (expect == null) {
            return new Expect(null, null, null);
        }
        Integer status = expect.hasNonNull("status") ? expect.get("status").asInt() : null;
        return new Expect(status, expect.get("body"), expect.get("headers") instanceof ObjectNode headers ? headers : null,
                expect.path("no_answer").asBoolean(false));
    }

    /** A scenario file that cannot be run, with every problem found in it. */
    public static final class ScenarioException extends RuntimeException {
        private final List<Problem> problems;

        public ScenarioException(List<Problem> problems) {
            super(problems.isEmpty() ? "invalid scenario" : problems.get(0).toString());
            this.problems = List.copyOf(problems);
        }

        public List<Problem> problems() {
            return problems;
        }
    }
}
