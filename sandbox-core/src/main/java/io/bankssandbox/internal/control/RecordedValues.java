package io.bankssandbox.internal.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.internal.state.IdGenerator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes a recorded session replay against any seed. Ids the session created depend on the
 * seed, so each becomes a variable ({@code ${card_1}}, {@code ${transaction_2}}) saved by the first
 * step whose answer holds it and used wherever it appears after. Other values the sandbox generated
 * for what the session created (a card's {@code last_4}, trace numbers, MICR lines) are expected by
 * their shape instead ({@code {"$regex": "[0-9]{4}"}}), unless the session sent them or the fixture
 * state holds them.
 * Fixture ids are written in the fixture files, so they stay as they are.
 */
final class RecordedValues {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /**
     * {@code <prefix>_} then 8 base-36 digits of a counter and 12 seeded characters (IdGenerator's form),
     * starting where a word starts. Without that anchor, finding ids in a long run of letters (a
     * 64 KiB string a client sent) tried every position of the run against all of the rest of it:
     * 30 s for 64 KiB, and the export of the journal hung.
     */
    private static final Pattern ID = Pattern.compile("(?<![A-Za-z0-9_])([a-z][a-z_]*)_([0-9a-z]{8})[0-9a-z]{12}");
    private static final Pattern DIGITS = Pattern.compile("[0-9]{4,}");
    private static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, Integer> counts = new HashMap<>();
    /** Values that are not the sandbox's invention: sent by the session, or in the fixture state. */
    private final Set<String> sent = new HashSet<>();

    /** An id the sandbox made while running (fixture ids have lower counters). */
    static boolean isCreatedId(String text) {
        Matcher m = ID.matcher(text);
        return m.matches() && Long.parseLong(m.group(2), 36) >= IdGenerator.FIRST_RUNTIME_COUNTER;
    }

    /** Notes the fixture state's values: the same under every seed, so never taken for generated ones. */
    void known(JsonNode fixtureState) {
        collect(fixtureState);
    }

    /** Notes what a request sent, so that a value the client chose is never taken for a generated one. */
    void sent(String path, JsonNode body) {
        sent.add(path);
        if (body != null) {
            collect(body);
        }
    }

    private void collect(JsonNode node) {
        if (node.isValueNode()) {
            sent.add(node.asText());
        }
        node.forEach(this::collect);
    }

    /** Names the created ids first seen in an answer: {@code name -> $.path} for the step's {@code save}. */
    ObjectNode saves(JsonNode answer) {
        ObjectNode save = JSON.objectNode();
        if (answer != null) {
            name(answer, "$", save);
        }
        return save;
    }

    private void name(JsonNode node, String path, ObjectNode save) {
        if (node.isTextual() && isCreatedId(node.asText()) && !names.containsKey(node.asText())) {
            Matcher m = ID.matcher(node.asText());
            m.matches();
            String prefix = m.group(1);
            int n = counts.merge(prefix, 1, Integer::sum);
            names.put(node.asText(), prefix + "_" + n);
            save.put(prefix + "_" + n, path);
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            name(field.getValue(), VARIABLE_NAME.matcher(key).matches() ? path + "." + key
                    : path + "[\"" + key + "\"]", save);
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                name(node.get(i), path + "[" + i + "]", save);
            }
        }
    }

    /** The text with every named id replaced by its variable. */
    String replace(String text) {
        if (text == null || names.isEmpty()) {
            return text;
        }
        Matcher m = ID.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = names.get(m.group());
            m.appendReplacement(out, Matcher.quoteReplacement(name == null ? m.group() : "${" + name + "}"));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** A copy with named ids replaced in every string (a request's body or headers). */
    JsonNode replace(JsonNode node) {
        return rewrite(node, false, false);
    }

    /**
     * An expected answer: named ids replaced, and the generated values of created objects (strings
     * holding four digits or more, inside an object whose id the session created, that the session
     * never sent) turned into {@code $regex} matchers of their shape.
     */
    JsonNode expectation(JsonNode node) {
        return rewrite(node, true, false);
    }

    private JsonNode rewrite(JsonNode node, boolean expecting, boolean insideCreated) {
        if (node.isTextual()) {
            String text = replace(node.asText());
            // ids are kept: a fixture's is the same under every seed, a created one is a variable by now
            boolean generated = expecting && insideCreated && !text.contains("${") && !sent.contains(text)
                    && !ID.matcher(text).matches() && DIGITS.matcher(text).find();
            return generated ? JSON.objectNode().put("$regex", shape(text)) : TextNode.valueOf(text);
        }
        if (node.isObject()) {
            boolean created = insideCreated || (node.path("id").isTextual() && isCreatedId(node.path("id").asText()));
            ObjectNode copy = JSON.objectNode();
            node.fields().forEachRemaining(f -> copy.set(f.getKey(), rewrite(f.getValue(), expecting, created)));
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JSON.arrayNode();
            node.forEach(item -> copy.add(rewrite(item, expecting, insideCreated)));
            return copy;
        }
        return node;
    }

    /** A regular expression of the value's shape: its digit runs as {@code [0-9]{n}}, the rest as it is. */
    static String shape(String text) {
        StringBuilder out = new StringBuilder();
        Matcher m = Pattern.compile("[0-9]+").matcher(text);
        int at = 0;
        while (m.find()) {
            out.append(literal(text.substring(at, m.start()))).append("[0-9]{").append(m.end() - m.start()).append('}');
            at = m.end();
        }
        return out.append(literal(text.substring(at))).toString();
    }

    private static String literal(String text) {
        return text.replaceAll("[\\\\^$.|?*+()\\[\\]{}]", "\\\\$0");
    }
}
