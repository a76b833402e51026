package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The small JSONPath subset a scenario's {@code save} uses: {@code $}, {@code .name},
 * {@code ["name"]} and {@code [index]}, e.g. {@code $.data[0].id}. Enough to pick one value out
 * of an answer; filters and wildcards are left out on purpose, so a saved value is never ambiguous.
 */
final class JsonPointerPath {
    private static final Pattern SEGMENT = Pattern.compile("\\.([A-Za-z_][A-Za-z0-9_]*)|\\[(\\d+)]|\\[\"([^\"]*)\"]");

    private JsonPointerPath() {}

    /** The value at {@code path}, or a missing node; an ill-formed path throws with the reason. */
    static JsonNode select(JsonNode root, String path) {
        if (!path.startsWith("$")) {
            throw new IllegalArgumentException("path " + path + " must start with $");
        }
        JsonNode node = root;
        Matcher m = SEGMENT.matcher(path);
        int at = 1;
        while (at < path.length()) {
            if (!m.find(at) || m.start() != at) {
                throw new IllegalArgumentException("path " + path + " is not of the form $.a.b[0]");
            }
            if (node == null || node.isMissingNode()) {
                return MissingNode.getInstance();
            }
            if (m.group(1) != null) {
                node = node.path(m.group(1));
            } else if (m.group(2) != null) {
                node = node.path(Integer.parseInt(m.group(2)));
            } else {
                node = node.path(m.group(3));
            }
            at = m.end();
        }
        return node == null ? MissingNode.getInstance() : node;
    }
}
