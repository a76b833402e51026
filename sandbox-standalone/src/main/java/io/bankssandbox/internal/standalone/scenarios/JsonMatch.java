package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The partial match of a scenario's expected body: an object matches when every expected key
 * matches (other keys are ignored), an array when it has as many items and each matches in order,
 * a scalar when it is equal (numbers by value). An object whose keys start with {@code $} is a
 * matcher: {@code $regex} (a string the pattern matches as a whole), {@code $contains} (each of
 * these matches some item, in any order, other items allowed), {@code $each} (every item matches).
 * Each difference names its JSON path.
 */
final class JsonMatch {
    static final String REGEX = "$regex";
    static final String CONTAINS = "$contains";
    static final String EACH = "$each";

    private JsonMatch() {}

    static List<String> differences(JsonNode expected, JsonNode actual) {
        List<String> out = new ArrayList<>();
        compare("$", expected, actual, out);
        return out;
    }

    static boolean matches(JsonNode expected, JsonNode actual) {
        return differences(expected, actual).isEmpty();
    }

    static boolean isMatcher(JsonNode expected) {
        if (!expected.isObject() || expected.isEmpty()) {
            return false;
        }
        for (Iterator<String> names = expected.fieldNames(); names.hasNext(); ) {
            if (names.next().startsWith("$")) {
                return true;
            }
        }
        return false;
    }

    private static void compare(String path, JsonNode expected, JsonNode actual, List<String> out) {
        if (isMatcher(expected)) {
            matcher(path, expected, actual, out);
            return;
        }
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
                out.add(path + ": expected " + expected.size() + " items, was " + actual.size() + ": " + show(actual)
                        + " (to match some items only, use {\"$contains\": [...]})");
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

    private static void matcher(String path, JsonNode expected, JsonNode actual, List<String> out) {
        boolean missing = actual == null || actual.isMissingNode();
        if (expected.has(REGEX)) {
            String regex = expected.get(REGEX).asText();
            if (missing || !actual.isTextual() || !Pattern.compile(regex).matcher(actual.asText()).matches()) {
                out.add(path + ": expected a string matching /" + regex + "/, was " + (missing ? "missing" : show(actual)));
            }
            return;
        }
        if (missing || !actual.isArray()) {
            out.add(path + ": expected an array (" + show(expected) + "), was " + (missing ? "missing" : show(actual)));
            return;
        }
        if (expected.has(CONTAINS)) {
            for (JsonNode wanted : expected.get(CONTAINS)) {
                boolean found = false;
                for (JsonNode item : actual) {
                    if (matches(wanted, item)) {
                        found = true;
                        break;
                    }
                }
                if (!found) {
                    out.add(path + ": expected an item matching " + show(wanted) + ", none of the " + actual.size()
                            + " items does: " + show(actual));
                }
            }
        }
        if (expected.has(EACH)) {
            for (int i = 0; i < actual.size(); i++) {
                compare(path + "[" + i + "]", expected.get(EACH), actual.get(i), out);
            }
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
