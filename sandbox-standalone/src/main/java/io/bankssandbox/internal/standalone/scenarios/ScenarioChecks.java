package io.bankssandbox.internal.standalone.scenarios;

import static io.bankssandbox.internal.openapi.SchemaValidator.escape;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * What a scenario's schema cannot say: a {@code ${name}} used before any step saves it, a control
 * step aimed at a /v0 route, a {@code $regex} that Java cannot compile. Tolerant of a document the
 * schema rejected, so that a run reports these together with the schema's findings.
 */
final class ScenarioChecks {
    static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
    private static final Pattern PREDEFINED = Pattern.compile("api_key(_[0-9]+)?");
    /** The parts of a step sent before its answer arrives; {@code expect} may also use what the step saves. */
    private static final List<String> SENT = List.of("name", "request", "control", "advance", "advance_to", "within",
            "expect_webhook");

    private ScenarioChecks() {}

    static List<Problem> of(ScenarioDocument document) {
        List<Problem> problems = new ArrayList<>();
        JsonNode steps = document.root().path("steps");
        Map<String, Integer> savedBy = new HashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            Iterator<String> names = steps.get(i).path("save").fieldNames();
            while (names.hasNext()) {
                savedBy.putIfAbsent(names.next(), i + 1);
            }
        }
        Set<String> defined = new HashSet<>();
        for (int i = 0; i < steps.size(); i++) {
            JsonNode step = steps.get(i);
            String at = "/steps/" + i;
            for (String part : SENT) {
                variables(step.get(part), at + "/" + part, defined, savedBy, i + 1, document, problems);
            }
            step.path("save").fieldNames().forEachRemaining(defined::add);
            variables(step.get("expect"), at + "/expect", defined, savedBy, i + 1, document, problems);
            JsonNode control = step.path("control").path("path");
            if (control.isTextual() && (control.asText().equals("/v0") || control.asText().startsWith("/v0/"))) {
                problems.add(document.problem(at + "/control/path", "control steps carry no API key: call a /v0 route"
                        + " with \"request\" (its Authorization header set to null tests a missing key)"));
            }
            regexes(step.path("expect").get("body"), at + "/expect/body", document, problems);
            regexes(step.path("expect_webhook").get("body"), at + "/expect_webhook/body", document, problems);
        }
        return problems;
    }

    private static void variables(JsonNode node, String pointer, Set<String> defined, Map<String, Integer> savedBy,
                                  int step, ScenarioDocument document, List<Problem> problems) {
        if (node == null) {
            return;
        }
        if (node.isTextual()) {
            Matcher m = VARIABLE.matcher(node.asText());
            while (m.find()) {
                String name = m.group(1);
                if (defined.contains(name) || PREDEFINED.matcher(name).matches()) {
                    continue;
                }
                Integer later = savedBy.get(name);
                problems.add(document.problem(pointer, "${" + name + "} is not defined here: " + (later == null
                        ? "no step saves it" : later == step ? "this step saves it, and only its expect may use it"
                        : "step " + later + " saves it, after this one")));
            }
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            variables(field.getValue(), pointer + "/" + escape(field.getKey()), defined, savedBy, step, document, problems);
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                variables(node.get(i), pointer + "/" + i, defined, savedBy, step, document, problems);
            }
        }
    }

    private static void regexes(JsonNode node, String pointer, ScenarioDocument document, List<Problem> problems) {
        if (node == null) {
            return;
        }
        JsonNode regex = node.get(JsonMatch.REGEX);
        if (regex != null && regex.isTextual()) {
            try {
                Pattern.compile(regex.asText());
            } catch (PatternSyntaxException e) {
                problems.add(document.problem(pointer + "/" + JsonMatch.REGEX, "not a valid regular expression: "
                        + e.getDescription() + " near index " + e.getIndex()));
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            regexes(field.getValue(), pointer + "/" + escape(field.getKey()), document, problems);
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                regexes(node.get(i), pointer + "/" + i, document, problems);
            }
        }
    }
}
