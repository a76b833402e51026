package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;

/** The values a scenario's steps saved, and {@code ${name}} replaced by them. */
final class Variables {
    private final Map<String, JsonNode> values = new HashMap<>();

    void put(String name, JsonNode value) {
        values.put(name, value);
    }

    String substitute(String text) {
        Matcher m = ScenarioChecks.VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            JsonNode value = get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value.isTextual() ? value.asText() : value.toString()));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Replaces {@code ${name}} in every string; a string that is only {@code ${name}} takes the saved value's type. */
    JsonNode substitute(JsonNode node) {
        if (node.isTextual()) {
            Matcher whole = ScenarioChecks.VARIABLE.matcher(node.asText());
            return whole.matches() ? get(whole.group(1)) : TextNode.valueOf(substitute(node.asText()));
        }
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            node.fields().forEachRemaining(f -> copy.set(f.getKey(), substitute(f.getValue())));
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(item -> copy.add(substitute(item)));
            return copy;
        }
        return node;
    }

    private JsonNode get(String name) {
        JsonNode value = values.get(name);
        if (value == null) {
            throw new Undefined(name);
        }
        return value;
    }

    /** A name no step saved when it was needed (its step's save found nothing, or the key does not exist). */
    static final class Undefined extends RuntimeException {
        Undefined(String name) {
            super("${" + name + "} has no value: the step that saves it found nothing to save"
                    + (name.startsWith("api_key_") ? " (or the fixture set has fewer API keys)" : ""));
        }
    }
}
