package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.bankssandbox.internal.openapi.SchemaValidator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario file read into a tree, remembering where each value starts (an object member: where
 * its key starts), so that a problem found at a JSON pointer can say line:column. JSON and YAML
 * (by extension) go through Jackson's streaming parsers, which give every token's location; the
 * tree is built from the tokens because Jackson's own trees forget them.
 */
public final class ScenarioDocument {
    private static final JsonFactory JSON = JsonFactory.builder().build();
    private static final YAMLFactory YAML = YAMLFactory.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    private static final java.util.regex.Pattern YAML_PLACE = java.util.regex.Pattern.compile("^ in .*, line (\\d+), column (\\d+):");

    private final String file;
    private final JsonNode root;
    private final Map<String, int[]> locations;
    private final List<Problem> problems;

    private ScenarioDocument(String file, JsonNode root, Map<String, int[]> locations, List<Problem> problems) {
        this.file = file;
        this.root = root;
        this.locations = locations;
        this.problems = problems;
    }

    public static boolean isYaml(Path file) {
        String name = file.getFileName().toString().toLowerCase();
        return name.endsWith(".yaml") || name.endsWith(".yml");
    }

    /** Reads a file; what cannot be read (syntax, duplicate keys) is in {@link #problems()}, with root null on a syntax error. */
    public static ScenarioDocument read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file); // also a path inside the jar
        } catch (IOException e) {
            return failed(file.toString(), new Problem(file.toString(), 0, 0, 0, null, "cannot be read: " + e.getMessage()));
        }
        return parse(file.toString(), bytes, isYaml(file));
    }

    static ScenarioDocument parse(String file, byte[] bytes, boolean yaml) {
        Reader reader = new Reader(file);
        try (JsonParser parser = yaml ? YAML.createParser(bytes) : JSON.createParser(bytes)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return failed(file, new Problem(file, 1, 1, 0, null, "the file is empty: a scenario is an object with \"steps\""));
            }
            JsonNode root = reader.value(parser, "");
            if (parser.nextToken() != null) {
                JsonLocation at = parser.currentTokenLocation();
                reader.problems.add(new Problem(file, at.getLineNr(), at.getColumnNr(), 0, null,
                        yaml ? "one scenario per file: a second YAML document starts here" : "unexpected content after the scenario"));
            }
            return new ScenarioDocument(file, root, reader.locations, reader.problems);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String message = yaml ? yamlMessage(e.getOriginalMessage()) : e.getOriginalMessage().lines().findFirst().orElse("")
                    .replaceAll("\\[Source: [^;\\]]*; line: ([0-9]+), column: ([0-9]+)]", "line $1, column $2");
            return failed(file, new Problem(file, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(), 0, null,
                    (yaml ? "not valid YAML: " : "not valid JSON: ") + message));
        } catch (IOException e) {
            return failed(file, new Problem(file, 0, 0, 0, null, "cannot be read: " + e.getMessage()));
        }
    }

    /**
     * SnakeYAML's message on one line: "expected ',' or '}', but got : (while parsing a flow mapping
     * at line 2, column 14)", without the excerpt and caret lines it draws.
     */
    static String yamlMessage(String message) {
        List<String> texts = new ArrayList<>();
        List<String> places = new ArrayList<>();
        for (String line : message.split("\n")) {
            java.util.regex.Matcher place = YAML_PLACE.matcher(line);
            if (place.find()) {
                places.add("line " + place.group(1) + ", column " + place.group(2));
            } else if (!line.isBlank() && !line.startsWith(" ")) {
                texts.add(line.strip());
            }
        }
        if (texts.isEmpty()) {
            return message.strip();
        }
        if (texts.size() == 1) {
            return texts.get(0);
        }
        return texts.get(texts.size() - 1) + " (" + texts.get(0) + (places.isEmpty() ? "" : " at " + places.get(0)) + ")";
    }

    private static ScenarioDocument failed(String file, Problem problem) {
        return new ScenarioDocument(file, null, Map.of(), List.of(problem));
    }

    public String file() {
        return file;
    }

    /** The tree, or null when the file is not well-formed. */
    public JsonNode root() {
        return root;
    }

    /** What the parser found wrong (syntax, a duplicate key, a second document). */
    public List<Problem> problems() {
        return problems;
    }

    /** A problem at a JSON pointer, placed at the nearest value the file holds on the way there. */
    public Problem problem(String pointer, String rule) {
        String at = pointer;
        int[] location = locations.get(at);
        while (location == null && !at.isEmpty()) {
            at = at.substring(0, at.lastIndexOf('/'));
            location = locations.get(at);
        }
        return new Problem(file, location == null ? 0 : location[0], location == null ? 0 : location[1], stepOf(pointer),
                pointer.isEmpty() ? "/" : pointer, rule);
    }

    /** The step (from 1) a pointer is in, or 0. */
    static int stepOf(String pointer) {
        if (pointer.startsWith("/steps/")) {
            String index = pointer.substring("/steps/".length()).split("/", 2)[0];
            if (index.matches("[0-9]{1,9}")) {
                return Integer.parseInt(index) + 1;
            }
        }
        return 0;
    }

    /** Builds the tree from the parser's tokens, noting each value's location under its pointer. */
    private static final class Reader {
        private final String file;
        private final Map<String, int[]> locations = new HashMap<>();
        private final List<Problem> problems = new ArrayList<>();

        Reader(String file) {
            this.file = file;
        }

        JsonNode value(JsonParser parser, String pointer) throws IOException {
            locations.putIfAbsent(pointer, where(parser));
            if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
                problems.add(at(parser, pointer, "YAML aliases (*" + parser.getText() + ") are not supported: write the value out"));
            }
            JsonToken token = parser.currentToken();
            switch (token) {
                case START_OBJECT: {
                    ObjectNode object = NODES.objectNode();
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String name = parser.currentName();
                        String child = pointer + "/" + SchemaValidator.escape(name); // as the schema's problems point
                        if (object.has(name)) {
                            problems.add(at(parser, child, "duplicate key \"" + name + "\""));
                        }
                        locations.putIfAbsent(child, where(parser));
                        parser.nextToken();
                        object.set(name, value(parser, child));
                    }
                    return object;
                }
                case START_ARRAY: {
                    ArrayNode array = NODES.arrayNode();
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        array.add(value(parser, pointer + "/" + array.size()));
                    }
                    return array;
                }
                case VALUE_STRING:
                    return NODES.textNode(parser.getText());
                case VALUE_NUMBER_INT:
                    return switch (parser.getNumberType()) {
                        case INT -> NODES.numberNode(parser.getIntValue());
                        case LONG -> NODES.numberNode(parser.getLongValue());
                        default -> NODES.numberNode(parser.getBigIntegerValue());
                    };
                case VALUE_NUMBER_FLOAT:
                    try {
                        return NODES.numberNode(parser.getDecimalValue());
                    } catch (NumberFormatException e) { // YAML's .inf and .nan have no decimal value
                        return NODES.numberNode(parser.getDoubleValue());
                    }
                case VALUE_TRUE:
                    return NODES.booleanNode(true);
                case VALUE_FALSE:
                    return NODES.booleanNode(false);
                case VALUE_NULL:
                    return NODES.nullNode();
                default:
                    return NODES.textNode(parser.getText());
            }
        }

        private Problem at(JsonParser parser, String pointer, String rule) {
            int[] location = where(parser);
            return new Problem(file, location[0], location[1], stepOf(pointer), pointer, rule);
        }

        private static int[] where(JsonParser parser) {
            JsonLocation at = parser.currentTokenLocation();
            return new int[] {at.getLineNr(), at.getColumnNr()};
        }
    }
}
