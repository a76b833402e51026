package io.bankssandbox.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.state.Json;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The SHA-256 an idempotency key stores of its request body: of the body's compact JSON with every
 * object's keys sorted, so whitespace and key order do not make two bodies differ.
 *
 * <p>The canonical text is streamed straight into the digest, without building a sorted copy of
 * the tree or a String first; the bytes digested are exactly those that serializing a sorted copy
 * with {@link Json#MAPPER} gives, which is what earlier versions stored (state files keep these
 * hashes, so they must not change).
 */
final class BodyHash {
    private BodyHash() {}

    static String of(JsonNode body) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        // a character-based generator, as writeValueAsString used: Jackson's byte-based one writes
        // some characters (astral ones, for one) differently, and the stored hashes must not change.
        // The few hundred characters of a body go to a char array and are encoded once: an encoding
        // writer would allocate an 8 KiB buffer per request.
        CharArrayWriter text = new CharArrayWriter(256);
        try (JsonGenerator generator = Json.MAPPER.getFactory().createGenerator(text)) {
            write(generator, body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        digest.update(text.toString().getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void write(JsonGenerator generator, JsonNode node) throws IOException {
        if (node == null || node.isNull()) {
            generator.writeNull();
        } else if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(node.size());
            node.fields().forEachRemaining(fields::add);
            fields.sort(Map.Entry.comparingByKey());
            generator.writeStartObject();
            for (Map.Entry<String, JsonNode> field : fields) {
                generator.writeFieldName(field.getKey());
                write(generator, field.getValue());
            }
            generator.writeEndObject();
        } else if (node.isArray()) {
            generator.writeStartArray();
            for (JsonNode item : node) {
                write(generator, item);
            }
            generator.writeEndArray();
        } else {
            // a value node writes itself without needing a serializer provider
            ((com.fasterxml.jackson.databind.node.BaseJsonNode) node).serialize(generator, null);
        }
    }
}
