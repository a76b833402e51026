package io.bankssandbox.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.state.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The partial match of a scenario's expected body: an object matches when every expected key
 * matches (other keys are ignored), an array when it has as many items and each matches in order,
 * a scalar when it is equal (numbers by value). Each difference names its JSON path.
 */
final class JsonMatch {
    private JsonMatch() {}

    static List<String> differences(JsonNode expected, JsonNode actual) {
        List<String> out = new ArrayList<>();
        compare("$", expected, actual, out);
        return out;
    }

    private static void compare(String path, JsonNode expected, JsonNode actual, List<String> out) {
        if (actual == null || actual.isMissingNode()) {
            out.add(path + ": expected " + show(expected) + ", was missing");
            return;
        }
        if (expected.isObject()) {
            if (!actual.isObject()) {
                out.add(path + ": expected an object " + show(expected) + ", was " + show(actual));
                return;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                compare(child(path, field.getKey()), field.getValue(), actual.get(field.getKey()), out);
            }
            return;
        }
        if (expected.isArray()) {
            if (!actual.isArray()) {
                out.add(path + ": expected an array of " + expected.size() + ", was " + show(actual));
                return;
            }
            if (expected.size() != actual.size()) {
                out.add(path + ": expected " + expected.size() + " items, was " + actual.size() + ": " + show(actual));
                return;
            }
            for (int i = 0; i < expected.size(); i++) {
                compare(path + "[" + i + "]", expected.get(i), actual.get(i), out);
            }
            return;
        }
        if (expected.isNumber() && actual.isNumber()) {
            if (expected.decimalValue().compareTo(actual.decimalValue()) != 0) {
                out.add(path + ": expected " + show(expected) + ", was " + show(actual));
            }
            return;
        }
        if (!expected.equals(actual)) {
            out.add(path + ": expected " + show(expected) + ", was " + show(actual));
        }
    }

    static String child(String path, String key) {
        return key.matches("[A-Za-z_][A-Za-z0-9_]*") ? path + "." + key : path + "[\"" + key.replace("\"", "\\\"") + "\"]";
    }

    static String show(JsonNode node) {
        String text;
        try {
            text = Json.MAPPER.writeValueAsString(node);
        } catch (Exception e) {
            text = String.valueOf(node);
        }
        return text.length() > 160 ? text.substring(0, 157) + "..." : text;
    }
}
