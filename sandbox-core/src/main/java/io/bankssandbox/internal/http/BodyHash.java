package io.bankssandbox.internal.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
 * <p>The canonical text is written without building a sorted copy of the tree, and its bytes are
 * the JDK's UTF-8 encoding of it ({@code String.getBytes(UTF_8)}: a surrogate pair one four-byte
 * sequence, a lone surrogate '?'): exactly what serializing a sorted copy with {@link Json#MAPPER}
 * and encoding that string gives, which is what every earlier version stored (state files keep
 * these hashes, so they must not change; BodyHashTest pins them).
 *
 * <p>The encoding is the JDK's own rather than one written here: a hand-written encoder into the
 * digest measured no faster (0.80 against 0.82 µs a hash on the bench's card body, 10 against 8 µs
 * on a 5 KB body of accents, CJK and emoji) and was one more place to get a multi-byte edge wrong.
 */
final class BodyHash {
    /** Never used itself: each hash starts from a clone, cheaper than looking the algorithm up again. */
    private static final MessageDigest SHA_256 = sha256();

    private BodyHash() {}

    static String of(JsonNode body) {
        MessageDigest digest;
        try {
            digest = (MessageDigest) SHA_256.clone();
        } catch (CloneNotSupportedException e) {
            digest = sha256();
        }
        // a character-based generator, as writeValueAsString used: Jackson's byte-based one writes
        // some characters (astral ones, for one) differently, and the stored hashes must not change
        StringWriter text = new StringWriter(256);
        try (JsonGenerator generator = Json.MAPPER.getFactory().createGenerator(text)) {
            write(generator, body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HexFormat.of().formatHex(digest.digest(text.toString().getBytes(StandardCharsets.UTF_8)));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
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
