package io.bankssandbox.internal.control;

import io.bankssandbox.internal.requests.JournalEntry;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.bankssandbox.internal.http.RequestJournal;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The session in the journal as a QA scenario ({@code GET /_sandbox/requests?format=scenario}), so
 * that what someone clicked through by hand replays on a fresh sandbox. Its steps are the /v0
 * requests and the control requests that changed state, in order. Requests carry their
 * Idempotency-Key (never an Authorization value: replay uses the fixture set's default key).
 * Expectations are the status and the answer without timestamps and URLs (they hold the port),
 * so they hold on any run. Clock advances are written as {@code advance_to} the instant they
 * reached, and time that passed on a running clock becomes an {@code advance_to} before the step
 * it preceded, so transitions fall due in the replay where they fell in the session. Ids the
 * session created become variables and generated values are expected by their shape
 * ({@link RecordedValues}), so the recording replays against any seed. It is written as JSON, or
 * as YAML ({@code format=scenario-yaml}).
 */
final class ScenarioExport {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Gaps of a running clock shorter than this are noise between two clicks, not waiting. */
    private static final Duration SIGNIFICANT_GAP = Duration.ofSeconds(1);

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .build();

    private ScenarioExport() {}

    /** The scenario as a YAML document, under a comment that says how to replay it. */
    static String yaml(JsonNode scenario) {
        try {
            return "# A session recorded by the Banks Sandbox. Replay it with: banks-sandbox replay FILE.yaml\n"
                    + YAML.writeValueAsString(scenario);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a scenario tree always serializes", e);
        }
    }

    /**
     * {@code defaultKeyIndex}: the position (from 1) of the key replay uses when a step names none;
     * {@code fixtureState}: the state a reset returns to (null: not known), whose values are never generated ones.
     */
    static ObjectNode of(List<RequestJournal.Step> session, String fixtures, long seed, Instant start, int defaultKeyIndex,
                         JsonNode fixtureState) {
        ObjectNode scenario = JSON.objectNode();
        scenario.put("name", "recorded session");
        scenario.put("fixtures", fixtures);
        scenario.put("seed", seed);
        scenario.put("start", start.toString());
        ArrayNode steps = scenario.putArray("steps");
        RecordedValues values = new RecordedValues();
        if (fixtureState != null) {
            values.known(fixtureState);
        }
        Instant clock = start;
        for (RequestJournal.Step step : session) {
            JournalEntry entry = step.entry();
            boolean advance = step.control() && entry.path().equals("/_sandbox/clock/advance");
            if (advance && entry.status() == 200 && entry.responseBody() != null && entry.responseBody().hasNonNull("now")) {
                Instant reached = Instant.parse(entry.responseBody().get("now").asText());
                ObjectNode advanced = steps.addObject().put("advance_to", reached.toString());
                ObjectNode save = values.saves(entry.responseBody()); // transitions' events name what they created
                if (!save.isEmpty()) {
                    advanced.set("save", save);
                }
                clock = reached;
                continue;
            }
            if (!step.control() && Duration.between(clock, entry.at()).compareTo(SIGNIFICANT_GAP) >= 0) {
                steps.addObject().put("advance_to", entry.at().toString());
            }
            if (entry.at().isAfter(clock)) {
                clock = entry.at();
            }
            ObjectNode written = step(step.control(), entry, values);
            if (step.apiKeyIndex() > 0 && step.apiKeyIndex() != defaultKeyIndex) {
                // not the default key: name it by position, never by value (replay defines ${api_key_N})
                ObjectNode request = (ObjectNode) written.get("request");
                ObjectNode headers = request.has("headers") ? (ObjectNode) request.get("headers") : request.putObject("headers");
                headers.put("Authorization", "Bearer ${api_key_" + step.apiKeyIndex() + "}");
            } else if (!step.control() && step.apiKeyIndex() == 0) {
                ObjectNode request = (ObjectNode) written.get("request");
                ObjectNode headers = request.has("headers") ? (ObjectNode) request.get("headers") : request.putObject("headers");
                headers.putNull("Authorization"); // it was sent without a valid key: so is the replay
            }
            steps.add(written);
        }
        return scenario;
    }

    private static ObjectNode step(boolean control, JournalEntry entry, RecordedValues values) {
        values.sent(entry.path(), entry.requestBody());
        ObjectNode step = JSON.objectNode();
        String path = values.replace(entry.path());
        step.put("name", entry.method() + " " + path);
        ObjectNode request = step.putObject(control ? "control" : "request");
        request.put("method", entry.method());
        request.put("path", path);
        if (!control && "POST".equals(entry.method())) {
            // replay makes up a key when a step has none; null keeps a request sent without one without one
            request.putObject("headers").put("Idempotency-Key", entry.idempotencyKey());
        } else if (!control && entry.idempotencyKey() != null) {
            request.putObject("headers").put("Idempotency-Key", entry.idempotencyKey());
        }
        if (entry.requestBody() != null) {
            request.set("body", values.replace(entry.requestBody()));
        }
        ObjectNode expect = step.putObject("expect");
        if (entry.status() == 0) { // a fault closed the connection: nothing was answered
            expect.put("no_answer", true);
            return step;
        }
        expect.put("status", entry.status());
        JsonNode body = entry.responseBody();
        // ids this answer shows first are saved by this step (replay saves before it checks, so the expectation may use them)
        ObjectNode save = values.saves(body);
        boolean unreadableRequest = entry.requestBody() == null && !"GET".equals(entry.method()) && entry.status() >= 400;
        if (body != null && (body.isObject() || body.isArray()) && !unreadableRequest) {
            expect.set("body", values.expectation(withoutVolatile(body)));
        }
        if (!save.isEmpty()) {
            step.set("save", save);
        }
        return step;
    }

    /** A copy without the fields that differ between two runs of the same requests. */
    static JsonNode withoutVolatile(JsonNode node) {
        if (node.isObject()) {
            ObjectNode copy = JSON.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (!isVolatile(field.getKey())) {
                    copy.set(field.getKey(), withoutVolatile(field.getValue()));
                }
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JSON.arrayNode();
            node.forEach(item -> copy.add(withoutVolatile(item)));
            return copy;
        }
        return node;
    }

    private static boolean isVolatile(String field) {
        return field.endsWith("_at") || field.equals("at") || field.equals("now") || field.equals("date")
                || field.endsWith("_date") || field.equals("url");
    }
}
