package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import io.bankssandbox.internal.control.ScenarioSchemaFile;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The scenario format's JSON Schema (the one the sandbox serves at
 * {@code /_sandbox/scenario-schema.json}), applied to a scenario file: every violation, worded for
 * the person writing the file. A rule's wording comes from the schema's {@code x-messages} where it
 * gives one (keyed by keyword, on the rule's schema or the nearest enclosing one).
 */
public final class ScenarioSchema {
    private static final String IRI = "https://bankssandbox.io/scenario-schema.json";

    private final JsonNode document;
    private final Schema schema;

    private ScenarioSchema(JsonNode document) {
        this.document = document;
        String text = document.toString();
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                builder -> builder.schemas(java.util.Map.of(IRI, text)));
        this.schema = registry.getSchema(SchemaLocation.of(IRI));
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
        List<Error> errors = schema.validate(file.root());
        Set<String> oneOfFailures = new LinkedHashSet<>();
        for (Error error : errors) {
            if ("oneOf".equals(error.getKeyword())) {
                oneOfFailures.add(error.getEvaluationPath().toString());
            }
        }
        Set<Problem> problems = new LinkedHashSet<>();
        for (Error error : errors) {
            if (insideFailedOneOf(error, oneOfFailures)) {
                continue; // "a step has exactly one of ..." already says it; the branches' own misses only repeat it
            }
            problems.add(file.problem(pointer(error), rule(error)));
        }
        return new ArrayList<>(problems);
    }

    private static boolean insideFailedOneOf(Error error, Set<String> oneOfFailures) {
        String path = error.getEvaluationPath().toString();
        for (String failed : oneOfFailures) {
            if (!path.equals(failed) && path.startsWith(failed)) {
                return true;
            }
        }
        return false;
    }

    private static String pointer(Error error) {
        StringBuilder out = new StringBuilder();
        NodePath path = error.getInstanceLocation();
        for (int i = 0; i < path.getNameCount(); i++) {
            out.append('/').append(String.valueOf(path.getElement(i)).replace("~", "~0").replace("/", "~1"));
        }
        String keyword = error.getKeyword();
        if (error.getProperty() != null && List.of("additionalProperties", "dependentRequired", "propertyNames").contains(keyword)) {
            out.append('/').append(error.getProperty().replace("~", "~0").replace("/", "~1"));
        }
        return out.toString();
    }

    private String rule(Error error) {
        String keyword = error.getKeyword();
        String property = error.getProperty() != null ? error.getProperty() : lastName(error.getInstanceLocation());
        String custom = customMessage(error);
        if (custom != null) {
            return custom.replace("{property}", property == null ? "" : property);
        }
        JsonNode value = error.getSchemaNode(); // the failed keyword's value: "string", ["GET", ...], "^/", 100
        return switch (keyword) {
            case "additionalProperties" -> "unknown key \"" + property + "\"" + suggestion(property, knownKeys(error));
            case "required" -> "\"" + property + "\" is required";
            case "type" -> "must be " + typeWords(value) + ", not " + typeOf(error.getInstanceNode());
            case "enum" -> "must be one of " + value;
            case "pattern" -> "must match " + value.asText();
            case "minimum" -> "must be at least " + value.asText();
            case "maximum" -> "must be at most " + value.asText();
            case "minLength", "minProperties" -> "must not be empty";
            default -> error.getMessage();
        };
    }

    /** The {@code properties} beside a failed {@code additionalProperties}: the keys that would have been known. */
    private JsonNode knownKeys(Error error) {
        String fragment = error.getSchemaLocation().getFragment().toString();
        int cut = fragment.lastIndexOf('/');
        return cut < 0 ? document.path("properties") : document.at(fragment.substring(0, cut)).path("properties");
    }

    /** The nearest {@code x-messages} entry for the keyword, from the rule's schema outwards. */
    private String customMessage(Error error) {
        String fragment = error.getSchemaLocation().getFragment().toString();
        if (!fragment.startsWith("/")) {
            return null;
        }
        String at = fragment;
        while (true) {
            JsonNode message = document.at(at).path("x-messages").path(error.getKeyword());
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

    private static String lastName(NodePath path) {
        return path.getNameCount() == 0 ? null : String.valueOf(path.getElement(path.getNameCount() - 1));
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

    private static String typeWords(JsonNode type) {
        List<String> words = new ArrayList<>();
        if (type.isArray()) {
            type.forEach(t -> words.add(typeWord(t.asText())));
        } else {
            words.add(typeWord(type.asText()));
        }
        return String.join(" or ", words);
    }

    private static String typeWord(String type) {
        return switch (type) {
            case "object" -> "an object";
            case "array" -> "an array";
            case "integer" -> "an integer";
            default -> "a " + type;
        };
    }

    private static String typeOf(JsonNode node) {
        if (node == null) {
            return "missing";
        }
        return switch (node.getNodeType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case STRING -> "a string";
            case NUMBER -> node.isIntegralNumber() ? "an integer" : "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> node.getNodeType().toString().toLowerCase();
        };
    }
}
