package io.bankssandbox.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.state.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A QA scenario: a fixture set, then steps run in order against a fresh sandbox.
 *
 * <pre>{@code
 * { "name": "...", "fixtures": "default",
 *   "steps": [
 *     { "name": "issue a card",
 *       "request": { "method": "POST", "path": "/v0/cards", "headers": { ... }, "body": { ... } },
 *       "expect": { "status": 201, "body": { "status": "active" }, "headers": { "Idempotency-Replayed": "true" } },
 *       "save": { "card_id": "$.id" } },
 *     { "advance": "PT2H" },
 *     { "advance_to": "2026-01-16T00:00:00Z" },
 *     { "control": { "method": "POST", "path": "/_sandbox/inbound-ach-transfers/${ach}/accept" }, "expect": { "status": 200 } } ] }
 * }</pre>
 * Every string may use {@code ${name}} for a value saved by an earlier step.
 */
public record Scenario(String name, String fixtures, Long seed, Instant start, List<Step> steps, String source) {
    private static final Set<String> TOP_KEYS = Set.of("name", "description", "fixtures", "seed", "start", "steps");
    private static final Set<String> STEP_KEYS = Set.of("name", "request", "control", "advance", "advance_to", "expect", "save");
    private static final Set<String> REQUEST_KEYS = Set.of("method", "path", "headers", "body");
    private static final Set<String> EXPECT_KEYS = Set.of("status", "body", "headers");

    /**
     * One exchange: a /v0 request, a control request (no API key), or a clock advance (a control
     * request to {@code /_sandbox/clock/advance}). {@code headers} values may be JSON null, which
     * means "do not send this header" (to test a missing Idempotency-Key or Authorization).
     */
    public record Step(String name, boolean control, String method, String path, ObjectNode headers, JsonNode body,
                       Expect expect, Map<String, String> save) {}

    /** {@code status} null means any 2xx; {@code body} null means the body is not checked. */
    public record Expect(Integer status, JsonNode body, ObjectNode headers) {}

    public static Scenario read(Path file) {
        JsonNode document;
        try {
            document = Json.MAPPER.readTree(java.nio.file.Files.readAllBytes(file)); // also a path inside the jar
        } catch (IOException e) {
            throw new ScenarioException(file + ": not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        return parse(document, file.toString());
    }

    public static Scenario parse(JsonNode document, String source) {
        if (document == null || !document.isObject()) {
            throw new ScenarioException(source + ": a scenario is a JSON object with \"steps\"");
        }
        unknownKeys(document, TOP_KEYS, source);
        JsonNode steps = document.get("steps");
        if (steps == null || !steps.isArray()) {
            throw new ScenarioException(source + ": \"steps\" must be an array");
        }
        String name = text(document, "name", source);
        Long seed = null;
        if (document.has("seed")) {
            if (!document.get("seed").canConvertToLong()) {
                throw new ScenarioException(source + ": \"seed\" must be an integer");
            }
            seed = document.get("seed").asLong();
        }
        Instant start = null;
        if (document.hasNonNull("start")) {
            try {
                start = Instant.parse(document.get("start").asText());
            } catch (DateTimeParseException e) {
                throw new ScenarioException(source + ": \"start\" must be an ISO 8601 instant such as 2026-01-15T09:00:00Z");
            }
        }
        List<Step> parsed = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            parsed.add(step(steps.get(i), source + ": steps[" + i + "]"));
        }
        String fixtures = document.hasNonNull("fixtures") ? document.get("fixtures").asText() : "default";
        return new Scenario(name != null ? name : source, fixtures, seed, start, List.copyOf(parsed), source);
    }

    private static Step step(JsonNode step, String where) {
        if (!step.isObject()) {
            throw new ScenarioException(where + ": a step is a JSON object");
        }
        unknownKeys(step, STEP_KEYS, where);
        int kinds = (step.has("request") ? 1 : 0) + (step.has("control") ? 1 : 0) + (step.has("advance") ? 1 : 0)
                + (step.has("advance_to") ? 1 : 0);
        if (kinds != 1) {
            throw new ScenarioException(where + ": a step has exactly one of \"request\", \"control\", \"advance\", \"advance_to\"");
        }
        String name = text(step, "name", where);
        Expect expect = expect(step.get("expect"), where);
        Map<String, String> save = save(step.get("save"), where);
        if (step.has("advance") || step.has("advance_to")) {
            boolean by = step.has("advance");
            String value = text(step, by ? "advance" : "advance_to", where);
            if (value == null) {
                throw new ScenarioException(where + ": \"" + (by ? "advance" : "advance_to") + "\" must be a string");
            }
            checkTime(value, by, where);
            ObjectNode body = JsonNodeFactory.instance.objectNode().put(by ? "by" : "to", value);
            return new Step(name != null ? name : (by ? "advance " : "advance to ") + value, true, "POST",
                    "/_sandbox/clock/advance", JsonNodeFactory.instance.objectNode(), body,
                    expect.status() == null ? new Expect(200, expect.body(), expect.headers()) : expect, save);
        }
        boolean control = step.has("control");
        JsonNode request = step.get(control ? "control" : "request");
        String inner = where + "." + (control ? "control" : "request");
        if (!request.isObject()) {
            throw new ScenarioException(inner + ": must be an object with \"method\" and \"path\"");
        }
        unknownKeys(request, REQUEST_KEYS, inner);
        String method = text(request, "method", inner);
        if (method == null) {
            if (!control) {
                throw new ScenarioException(inner + ": \"method\" is required");
            }
            method = "POST";
        }
        String path = text(request, "path", inner);
        if (path == null || !path.startsWith("/")) {
            throw new ScenarioException(inner + ": \"path\" is required and starts with /");
        }
        JsonNode headers = request.get("headers");
        if (headers != null && !headers.isObject()) {
            throw new ScenarioException(inner + ".headers: must be an object of header names to strings (or null to leave one out)");
        }
        return new Step(name, control || path.startsWith("/_sandbox"), method.toUpperCase(), path,
                headers == null ? JsonNodeFactory.instance.objectNode() : (ObjectNode) headers, request.get("body"),
                expect, save);
    }

    private static void checkTime(String value, boolean duration, String where) {
        if (value.contains("${")) {
            return; // checked when run, after substitution
        }
        try {
            if (duration) {
                Duration.parse(value);
            } else {
                Instant.parse(value);
            }
        } catch (DateTimeParseException e) {
            throw new ScenarioException(where + ": " + (duration
                    ? "\"advance\" must be an ISO 8601 duration such as PT2H or P1D"
                    : "\"advance_to\" must be an ISO 8601 instant such as 2026-01-15T12:00:00Z"));
        }
    }

    private static Expect expect(JsonNode expect, String where) {
        if (expect == null) {
            return new Expect(null, null, null);
        }
        if (!expect.isObject()) {
            throw new ScenarioException(where + ".expect: must be an object");
        }
        unknownKeys(expect, EXPECT_KEYS, where + ".expect");
        Integer status = null;
        if (expect.has("status")) {
            if (!expect.get("status").isInt()) {
                throw new ScenarioException(where + ".expect.status: must be an HTTP status code");
            }
            status = expect.get("status").asInt();
        }
        JsonNode headers = expect.get("headers");
        if (headers != null && !headers.isObject()) {
            throw new ScenarioException(where + ".expect.headers: must be an object");
        }
        return new Expect(status, expect.get("body"), (ObjectNode) headers);
    }

    private static Map<String, String> save(JsonNode save, String where) {
        Map<String, String> out = new LinkedHashMap<>();
        if (save == null) {
            return out;
        }
        if (!save.isObject()) {
            throw new ScenarioException(where + ".save: must be an object of names to paths such as \"$.id\"");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = save.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (!field.getValue().isTextual() || !field.getValue().asText().startsWith("$")) {
                throw new ScenarioException(where + ".save." + field.getKey() + ": must be a path such as \"$.id\"");
            }
            if (!field.getKey().matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new ScenarioException(where + ".save: name " + field.getKey() + " must be letters, digits and _");
            }
            out.put(field.getKey(), field.getValue().asText());
        }
        return out;
    }

    private static String text(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw new ScenarioException(where + ": \"" + field + "\" must be a string");
        }
        return value.asText();
    }

    private static void unknownKeys(JsonNode node, Set<String> allowed, String where) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                throw new ScenarioException(where + ": unknown key \"" + key + "\" (allowed: " + String.join(", ",
                        allowed.stream().sorted().toList()) + ")");
            }
        }
    }

    /** A scenario file that cannot be run, with where and why. */
    public static final class ScenarioException extends RuntimeException {
        public ScenarioException(String message) {
            super(message);
        }
    }
}
