package io.bankssandbox.internal.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of the OpenAPI document that request validation reads: each operation's body schema and
 * parameter schemas, and every schema they {@code $ref}, each at its own pointer, as in the document
 * (so the schema library compiles the same schemas, reports the same locations, and the wording
 * finds the same {@code x-message}s). A small part of the document: the answers' schemas, the paths'
 * descriptions and the rest are left out. Written by the build's step ({@link #write}) beside the
 * {@link OperationIndex}, from the document on the classpath, and checked against it; a sandbox's
 * first validation parses this instead of the whole document, when it was made from the same files.
 *
 * <p>The file is one line {@code digest DIGEST} (the document files' digest, as the index has it),
 * then the JSON.
 */
final class RequestSchemas {
    static final String RESOURCE = "io/bankssandbox/openapi/request-schemas.json";

    private RequestSchemas() {}

    /** The JSON the build wrote, or null when there is none or it was made from other files than {@code digest}'s. */
    static String read(String digest) {
        String text;
        try (InputStream in = RequestSchemas.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return null;
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null; // the whole document is read instead
        }
        int firstLine = text.indexOf('\n');
        if (firstLine < 0 || !text.substring(0, firstLine).equals("digest\t" + digest)) {
            return null;
        }
        return text.substring(firstLine + 1);
    }

    /**
     * Bodies no request validation reads whole: the state document of {@code PUT /_sandbox/state}, which
     * the route reads as a stream, row by row against the fixture schemas (the document states it in full
     * for clients, through the Fixture_ components, a third of what would be extracted otherwise).
     */
    static final Set<String> STREAMED_BODIES = Set.of("#/components/schemas/StateDocument");

    /** The pointers (as {@code #/...}) request validation starts from: every body and parameter schema. */
    static Set<String> roots(List<OpenApiDocument.Operation> operations) {
        Set<String> roots = new LinkedHashSet<>();
        for (OpenApiDocument.Operation operation : operations) {
            if (operation.bodySchemaRef() != null && !STREAMED_BODIES.contains(operation.bodySchemaRef())) {
                roots.add(operation.bodySchemaRef());
            }
            for (OpenApiDocument.Parameter parameter : operation.parameters()) {
                roots.add(parameter.schemaRef());
            }
        }
        return roots;
    }

    /**
     * A copy of {@code document} with only what {@code roots} reach: each root's node and every node a
     * {@code $ref} inside them names, at its own pointer (an array on the way is copied whole, so that
     * its indices stay), and the document's own top-level values. Fails on a {@code $ref} that does not
     * resolve inside the document.
     */
    static ObjectNode extract(JsonNode document, Set<String> roots) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> fields = document.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (field.getValue().isValueNode()) {
                out.set(field.getKey(), field.getValue().deepCopy()); // openapi, jsonSchemaDialect ...
            }
        }
        Deque<String> todo = new ArrayDeque<>(roots);
        Set<String> copied = new LinkedHashSet<>();
        while (!todo.isEmpty()) {
            String ref = todo.pop();
            if (!copied.add(ref)) {
                continue;
            }
            if (!ref.startsWith("#")) {
                throw new IllegalStateException("a request schema refers outside the document: " + ref);
            }
            collectRefs(copy(document, out, ref.substring(1)), todo);
        }
        return out;
    }

    /** Copies the node at {@code pointer} into {@code out} at the same place; returns the copy. */
    private static JsonNode copy(JsonNode document, ObjectNode out, String pointer) {
        String[] tokens = pointer.isEmpty() ? new String[0] : pointer.substring(1).split("/", -1);
        JsonNode from = document;
        ObjectNode into = out;
        for (int i = 0; i < tokens.length; i++) {
            String name = tokens[i].replace("~1", "/").replace("~0", "~");
            JsonNode child = from.get(name);
            if (child == null) {
                throw new IllegalStateException("$ref #" + pointer + " does not resolve in the OpenAPI document");
            }
            if (i == tokens.length - 1 || !child.isObject()) {
                JsonNode copy = child.deepCopy();
                into.set(name, copy);
                return copy;
            }
            JsonNode existing = into.get(name);
            into = existing instanceof ObjectNode object ? object : into.putObject(name);
            from = child;
        }
        throw new IllegalStateException("a request schema cannot be the whole document");
    }

    private static void collectRefs(JsonNode node, Deque<String> todo) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("$ref") && field.getValue().isTextual()) {
                    todo.push(field.getValue().asText());
                } else {
                    collectRefs(field.getValue(), todo);
                }
            }
        } else if (node.isArray()) {
            node.forEach(element -> collectRefs(element, todo));
        }
    }

    /**
     * The build's step: writes the request schemas of the document on the classpath into {@code classes},
     * then reads them back and fails unless every root and every {@code $ref} in them resolves to exactly
     * the document's node.
     */
    static void write(Path classes, OpenApiDocument document, String digest) throws IOException {
        Set<String> roots = roots(document.allOperations());
        ObjectNode extracted = extract(document.document(), roots);
        Path file = classes.resolve(RESOURCE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "digest\t" + digest + "\n" + Json.MAPPER.writeValueAsString(extracted), StandardCharsets.UTF_8);
        String read = read(digest);
        if (read == null) {
            throw new IllegalStateException("the request schemas written to " + file + " do not read back");
        }
        JsonNode back = Json.MAPPER.readTree(read);
        Deque<String> todo = new ArrayDeque<>(roots);
        Set<String> checked = new LinkedHashSet<>();
        while (!todo.isEmpty()) {
            String ref = todo.pop();
            if (checked.add(ref)) {
                JsonNode node = back.at(ref.substring(1));
                if (node.isMissingNode() || !node.equals(document.document().at(ref.substring(1)))) {
                    throw new IllegalStateException("the request schemas differ from the document at " + ref);
                }
                collectRefs(node, todo);
            }
        }
    }

    /** The request schemas as the validator's document, parsed. */
    static JsonNode parse(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
