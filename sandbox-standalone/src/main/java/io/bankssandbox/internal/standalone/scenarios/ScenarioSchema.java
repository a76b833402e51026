package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.control.ScenarioSchemaFile;
import io.bankssandbox.internal.openapi.SchemaValidator;
import io.bankssandbox.internal.openapi.TypeWords;
import io.bankssandbox.internal.openapi.Violation;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scenario format's JSON Schema (the one the sandbox serves at
 * {@code /_sandbox/scenario-schema.json}), applied to a scenario file: every violation, worded for
 * the person writing the file. A rule's wording comes from the schema's {@code x-messages} where it
 * gives one (keyed by keyword, on the rule's schema or the nearest enclosing one). The schema is
 * applied by the sandbox's one {@link SchemaValidator}; the wording here is replay's own.
 */
public final class ScenarioSchema {
    private static final String IRI = "https://bankssandbox.io/scenario-schema.json";
    /**
     * The keywords whose failure names a key the problem then points at. Not {@code required}: a missing
     * key has no place in the file, so the problem stays at the object that lacks it.
     */
    private static final Set<String> NAMING_A_KEY = Set.of("additionalProperties", "dependentRequired", "propertyNames");

    private final JsonNode document;
    private final SchemaValidator validator;

    private ScenarioSchema(JsonNode document) {
        this.document = document;
        // formats are notes, not rules: replay checks a $regex itself, in its own words
        this.validator = new SchemaValidator(IRI, Map.of(IRI, document), false);
    }

    private static final class Loaded {
        static final ScenarioSchema INSTANCE = new ScenarioSchema(read());
    }

    /** The schema, loaded once: it is immutable and its compiled form is only a cache. */
    public static ScenarioSchema get() {
        return Loaded.INSTANCE;
    }

    private static JsonNode read() {
        try {
            return Json.MAPPER.readTree(ScenarioSchemaFile.bytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every violation in the document, placed at its line:column. */
    public List<Problem> validate(ScenarioDocument file) {
        List<Violation> violations = validator.violations("", file.root());
        Set<String> oneOfFailures = new LinkedHashSet<>();
        for (Violation violation : violations) {
            if ("oneOf".equals(violation.keyword())) {
                oneOfFailures.add(violation.evaluationPath());
            }
        }
        Set<Problem> problems = new LinkedHashSet<>();
        for (Violation violation : violations) {
            if (insideFailedOneOf(violation, oneOfFailures)) {
                continue; // "a step has exactly one of ..." already says it; the branches' own misses only repeat it
            }
            problems.add(file.problem(violation.pointer(NAMING_A_KEY), rule(violation)));
        }
        return new ArrayList<>(problems);
    }

    private static boolean insideFailedOneOf(Violation violation, Set<String> oneOfFailures) {
        String path = violation.evaluationPath();
        for (String failed : oneOfFailures) {
            if (!path.equals(failed) && path.startsWith(failed)) {
                return true;
            }
        }
        return false;
    }

    private String rule(Violation violation) {
        String keyword = violation.keyword();
        String property = violation.property() != null ? violation.property() : violation.lastName();
        String custom = customMessage(violation);
        if (custom != null) {
            return custom.replace("{property}", property == null ? "" : property);
        }
        JsonNode value = violation.rule(); // the failed keyword's value: "string", ["GET", ...], "^/", 100
        return switch (keyword) {
            case "additionalProperties" -> "unknown key \"" + property + "\"" + suggestion(property, knownKeys(violation));
            case "required" -> "\"" + property + "\" is required";
            case "type" -> "must be " + TypeWords.PLAIN.expected(value) + ", not " + TypeWords.PLAIN.of(violation.value());
            case "enum" -> "must be one of " + value;
            case "pattern" -> "must match " + value.asText();
            case "minimum" -> "must be at least " + value.asText();
            case "maximum" -> "must be at most " + value.asText();
            case "minLength", "minProperties" -> "must not be empty";
            default -> violation.message();
        };
    }

    /** The {@code properties} beside a failed {@code additionalProperties}: the keys that would have been known. */
    private JsonNode knownKeys(Violation violation) {
        String fragment = violation.schemaPointer();
        int cut = fragment.lastIndexOf('/');
        return cut < 0 ? document.path("properties") : document.at(fragment.substring(0, cut)).path("properties");
    }

    /** The nearest {@code x-messages} entry for the keyword, from the rule's schema outwards. */
    private String customMessage(Violation violation) {
        String fragment = violation.schemaPointer();
        if (!fragment.startsWith("/")) {
            return null;
        }
        String at = fragment;
        while (true) {
            JsonNode message = document.at(at).path("x-messages").path(violation.keyword());
            if (message.isTextual()) {
                return message.asText();
            }
            if (at.isEmpty() || at.equals("/$defs")) {
                return null;
            }
            int cut = at.lastIndexOf('/');
            at = cut < 0 ? "" : at.substring(0, cut);
        }
    }

    /** A "did you mean" for a misspelt key: the known key within two edits. */
    static String suggestion(String key, JsonNode known) {
        String best = null;
        int bestDistance = 3;
        for (Iterator<String> names = known.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            int distance = distance(key.toLowerCase(), name.toLowerCase());
            if (distance < bestDistance) {
                best = name;
                bestDistance = distance;
            }
        }
        List<String> all = new ArrayList<>();
        known.fieldNames().forEachRemaining(all::add);
        return best != null ? " (did you mean \"" + best + "\"?)" : all.isEmpty() ? "" : " (known keys: " + String.join(", ", all) + ")";
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
