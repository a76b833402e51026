package io.bankssandbox.internal.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** How a surface words JSON types; the two differ only where each one's users have always read its words. */
public enum TypeWords {
    /** The API's, as class-validator has them ("an integer number", "a boolean value"); of several types, the first. */
    API("an integer number", "a boolean value", false),
    /** Replay's, for scenario files ("an integer", "a boolean"); several types joined by "or". */
    PLAIN("an integer", "a boolean", true);

    private final String integer;
    private final String bool;
    private final boolean everyType;

    TypeWords(String integer, String bool, boolean everyType) {
        this.integer = integer;
        this.bool = bool;
        this.everyType = everyType;
    }

    /** The words for a JSON type's name: {@code "object"} is "an object". */
    public String word(String type) {
        return switch (type) {
            case "string" -> "a string";
            case "integer" -> integer;
            case "number" -> "a number";
            case "boolean" -> bool;
            case "array" -> "an array";
            case "object" -> "an object";
            case "null" -> "null";
            default -> type;
        };
    }

    /** The words for a schema's {@code type}: a name, or an array of names. */
    public String expected(JsonNode type) {
        if (!type.isArray()) {
            return word(type.asText());
        }
        if (!everyType) {
            return word(type.get(0).asText());
        }
        List<String> words = new ArrayList<>();
        type.forEach(t -> words.add(word(t.asText())));
        return String.join(" or ", words);
    }

    /** The words for what a value is ({@code 1.5} is "a number"), or "missing" for none. */
    public String of(JsonNode value) {
        if (value == null) {
            return "missing";
        }
        return word(switch (value.getNodeType()) {
            case OBJECT -> "object";
            case ARRAY -> "array";
            case STRING -> "string";
            case NUMBER -> value.isIntegralNumber() ? "integer" : "number";
            case BOOLEAN -> "boolean";
            case NULL -> "null";
            default -> value.getNodeType().toString().toLowerCase();
        });
    }
}
