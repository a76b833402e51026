package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.internal.openapi.SchemaValidator;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Values generated from the schemas of the served document, each schema named by its JSON pointer
 * ({@code #/components/schemas/CreateCardRequest}): a value meant to meet the schema, or one meant to
 * break one of its keywords. Strings under a pattern are drawn from a pool (the document's own enums
 * and examples of every kind of value the API takes, the default fixtures' ids, a valid body's values)
 * and kept only when the document's validator accepts them; whatever is generated, the caller asks the
 * validator whether it is valid, never this class.
 */
final class SchemaSamples {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final JsonNode document;
    private final SchemaValidator validator;
    private final Random random;
    private final List<String> pool = new ArrayList<>();

    SchemaSamples(JsonNode document, SchemaValidator validator, Random random, IdBook ids, List<String> seen) {
        this.document = document;
        this.validator = validator;
        this.random = random;
        pool.addAll(List.of("x", "abc", "Supplies", "Café 💸", "2026-03-02", "2026-03-02T15:00:00Z",
                "2026-03-02T15:00:00.000Z", "2026-03-05T10:30:00+01:00", "PT2H", "P2D", "PT0S", "P365D", "US", "CA", "IL",
                "021000021", "084106768", "4471002231", "1234567890", "1093429227", "12345", "60601", "5912", "5411",
                "CO", "PR", "OA", "45", "2", "L6", "WO", "99213", "25", "M1", "N130", "inbox", "http://127.0.0.1:9/hook",
                "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "GET", "POST", "/v0/entities", "/v0/*", "payment_stopped",
                "no_account", "TRN*1*12345*1066033492~", "UNITEDHEALTHCARE", "1413791217", "PCN-1", "W1",
                "JORDAN ELLIS", "lm_key_sandbox_all", "lm_key_sandbox_one", "default", "Riverside Operating",
                "200 Vendor Pkwy", "Chicago", "a".repeat(60), "eyJ0IjoiMjAyNi0wMS0wMSJ9"));
        for (String kind : ids.kinds()) {
            List<String> known = ids.ids(kind);
            pool.addAll(known.subList(0, Math.min(3, known.size())));
        }
        pool.addAll(seen);
    }

    /** The schema at {@code pointer}, its references followed. */
    JsonNode schema(String pointer) {
        return document.at(resolve(pointer).substring(1));
    }

    /** The pointer a schema's {@code $ref} chain ends at. */
    String resolve(String pointer) {
        String at = pointer;
        for (int hops = 0; hops < 10; hops++) {
            JsonNode node = document.at(at.substring(1));
            JsonNode ref = node.get("$ref");
            if (ref == null || !ref.isTextual() || !ref.asText().startsWith("#/") || node.has("properties")
                    || node.has("type")) {
                return at;
            }
            at = ref.asText();
        }
        return at;
    }

    boolean valid(String pointer, JsonNode value) {
        return validator.validate(pointer, value).isEmpty();
    }

    /** A value meant to meet the schema at {@code pointer}. */
    JsonNode valid(String pointer) {
        return valid(pointer, 0);
    }

    private JsonNode valid(String pointer, int depth) {
        String at = resolve(pointer);
        JsonNode s = document.at(at.substring(1));
        if (s.isBoolean()) {
            return TextNode.valueOf("x");
        }
        if (s.has("const")) {
            return s.get("const");
        }
        if (s.has("enum")) {
            return s.get("enum").get(random.nextInt(s.get("enum").size()));
        }
        for (String choice : List.of("oneOf", "anyOf")) {
            if (s.has(choice) && s.get(choice).size() > 0) {
                List<Integer> order = shuffled(s.get(choice).size());
                for (int i : order) {
                    JsonNode value = valid(at + "/" + choice + "/" + i, depth + 1);
                    if (valid(at, value)) {
                        return value;
                    }
                }
                return valid(at + "/" + choice + "/" + order.get(0), depth + 1);
            }
        }
        if (s.has("$ref") && !s.has("properties") && !s.has("type")) {
            return valid(s.get("$ref").asText(), depth + 1);
        }
        String type = type(s, at);
        if (type == null && s.has("allOf")) {
            return valid(at + "/allOf/0", depth + 1);
        }
        switch (type == null ? "string" : type) {
            case "null":
                return JSON.nullNode();
            case "boolean":
                return JSON.booleanNode(random.nextBoolean());
            case "integer":
            case "number":
                return JSON.numberNode(integer(s));
            case "array":
                return array(at, s, depth);
            case "object":
                return object(at, depth);
            default:
                return string(at, s);
        }
    }

    /** The JSON type a schema asks for: its own, a {@code $ref}'s or an {@code allOf} part's; mostly not null. */
    private String type(JsonNode s, String at) {
        JsonNode type = s.path("type");
        if (type.isArray()) {
            List<String> types = new ArrayList<>();
            type.forEach(t -> types.add(t.asText()));
            List<String> notNull = types.stream().filter(t -> !t.equals("null")).toList();
            return notNull.isEmpty() || random.nextInt(8) == 0 ? types.get(random.nextInt(types.size()))
                    : notNull.get(random.nextInt(notNull.size()));
        }
        if (type.isTextual()) {
            return type.asText();
        }
        if (s.has("properties") || s.has("required")) {
            return "object";
        }
        if (s.has("items")) {
            return "array";
        }
        if (s.has("$ref")) {
            return type(schema(s.get("$ref").asText()), s.get("$ref").asText());
        }
        return null;
    }

    private long integer(JsonNode s) {
        long min = s.has("minimum") ? s.get("minimum").asLong()
                : s.has("exclusiveMinimum") ? s.get("exclusiveMinimum").asLong() + 1 : -1_000;
        long max = s.has("maximum") ? s.get("maximum").asLong() : Math.max(min, 0) + 100_000;
        long[] picks = {min, max, Math.min(max, min + 1), Math.min(max, Math.max(min, 1)), Math.min(max, Math.max(min, 2_500)),
                min + (long) (random.nextDouble() * (double) Math.min(max - min, 1_000_000))};
        return picks[random.nextInt(picks.length)];
    }

    private JsonNode string(String at, JsonNode s) {
        String format = s.path("format").asText("");
        if (format.equals("date")) {
            return TextNode.valueOf(String.format("2026-%02d-%02d", 1 + random.nextInt(12), 1 + random.nextInt(28)));
        }
        if (format.equals("date-time")) {
            return TextNode.valueOf(String.format("2026-%02d-%02dT%02d:%02d:00Z", 3 + random.nextInt(9),
                    1 + random.nextInt(28), random.nextInt(24), random.nextInt(60)));
        }
        List<String> fitting = new ArrayList<>();
        for (String candidate : pool) {
            if (valid(at, TextNode.valueOf(candidate))) {
                fitting.add(candidate);
            }
        }
        if (!fitting.isEmpty()) {
            return TextNode.valueOf(fitting.get(random.nextInt(fitting.size())));
        }
        int min = s.path("minLength").asInt(1);
        int max = s.path("maxLength").asInt(Math.max(min, 12));
        int length = min + random.nextInt(Math.max(1, Math.min(max, min + 12) - min + 1));
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < length; i++) {
            out.append((char) ('a' + random.nextInt(26)));
        }
        return TextNode.valueOf(out.toString());
    }

    private JsonNode array(String at, JsonNode s, int depth) {
        ArrayNode out = JSON.arrayNode();
        if (depth > 6) {
            return out;
        }
        int min = s.path("minItems").asInt(0);
        int max = Math.min(s.path("maxItems").asInt(min + 2), min + 2);
        int size = min + random.nextInt(Math.max(1, max - min + 1));
        Set<JsonNode> unique = new LinkedHashSet<>();
        for (int i = 0; i < size * 3 && out.size() < size; i++) {
            JsonNode item = valid(at + "/items", depth + 1);
            if (!s.path("uniqueItems").asBoolean(false) || unique.add(item)) {
                out.add(item);
            }
        }
        return out;
    }

    private JsonNode object(String at, int depth) {
        ObjectNode out = JSON.objectNode();
        if (depth > 6) {
            return out;
        }
        Map<String, String> properties = properties(at);
        Set<String> required = required(at);
        for (Map.Entry<String, String> property : properties.entrySet()) {
            if (required.contains(property.getKey()) || random.nextInt(3) == 0) {
                out.set(property.getKey(), valid(property.getValue(), depth + 1));
            }
        }
        return out;
    }

    /** The properties a schema declares (through $ref and allOf), each with the pointer of its schema. */
    Map<String, String> properties(String pointer) {
        Map<String, String> out = new LinkedHashMap<>();
        collect(pointer, out, new LinkedHashSet<>(), 0);
        return out;
    }

    /** The properties a schema requires (through $ref and allOf). */
    Set<String> required(String pointer) {
        Set<String> out = new LinkedHashSet<>();
        collect(pointer, new LinkedHashMap<>(), out, 0);
        return out;
    }

    private void collect(String pointer, Map<String, String> properties, Set<String> required, int depth) {
        if (depth > 8) {
            return;
        }
        JsonNode s = document.at(pointer.substring(1));
        for (Iterator<String> names = s.path("properties").fieldNames(); names.hasNext(); ) {
            String name = names.next();
            properties.putIfAbsent(name, pointer + "/properties/" + SchemaValidator.escape(name));
        }
        s.path("required").forEach(r -> required.add(r.asText()));
        if (s.has("$ref") && s.get("$ref").asText().startsWith("#/")) {
            collect(s.get("$ref").asText(), properties, required, depth + 1);
        }
        for (int i = 0; i < s.path("allOf").size(); i++) {
            collect(pointer + "/allOf/" + i, properties, required, depth + 1);
        }
    }

    /** A value meant to break the schema at {@code pointer}: another type, null, out of range, unknown, malformed. */
    JsonNode invalid(String pointer) {
        JsonNode s = schema(pointer);
        List<JsonNode> picks = new ArrayList<>(List.of(JSON.nullNode(), JSON.objectNode(), JSON.arrayNode().addNull(),
                JSON.booleanNode(true), TextNode.valueOf("@@@ not this @@@"), JSON.numberNode(1.5)));
        String type = s.path("type").asText("");
        if (type.equals("string") || s.has("pattern") || s.has("enum")) {
            picks.add(JSON.numberNode(42));
            picks.add(TextNode.valueOf(""));
            picks.add(TextNode.valueOf("zz_" + "9".repeat(3)));
        }
        if (s.has("maxLength")) {
            picks.add(TextNode.valueOf("y".repeat(s.get("maxLength").asInt() + 1)));
        }
        if (s.has("maximum")) {
            picks.add(JSON.numberNode(s.get("maximum").asLong() + 1));
        }
        if (s.has("minimum")) {
            picks.add(JSON.numberNode(s.get("minimum").asLong() - 1));
        }
        if (type.equals("integer") || type.equals("number")) {
            picks.add(TextNode.valueOf("12"));
        }
        return picks.get(random.nextInt(picks.size()));
    }

    private List<Integer> shuffled(int size) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            order.add(i);
        }
        java.util.Collections.shuffle(order, random);
        return order;
    }
}
