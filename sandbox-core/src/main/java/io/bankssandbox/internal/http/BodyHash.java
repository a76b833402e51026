package io.bankssandbox.internal.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
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
 * the tree, a String or its bytes first; the bytes digested are exactly those that serializing a
 * sorted copy with {@link Json#MAPPER} gives, which is what earlier versions stored (state files
 * keep these hashes, so they must not change).
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
        // some characters (astral ones, for one) differently, and the stored hashes must not change.
        // Its characters are encoded as UTF-8 straight into the digest.
        try (JsonGenerator generator = Json.MAPPER.getFactory().createGenerator(new Utf8Digest(digest))) {
            write(generator, body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A writer that feeds the UTF-8 bytes of what it is given to a digest, as
     * {@code String.getBytes(UTF_8)} would encode the whole text: a surrogate pair becomes one
     * four-byte sequence even when the generator splits it between two writes, and a lone surrogate
     * becomes '?'.
     */
    static final class Utf8Digest extends Writer {
        private final MessageDigest digest;
        private final byte[] bytes = new byte[512];
        private int used;
        /** A high surrogate whose low half has not come yet; 0 when none. */
        private char pendingHigh;

        Utf8Digest(MessageDigest digest) {
            this.digest = digest;
        }

        @Override
        public void write(char[] chars, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                put(chars[i]);
            }
        }

        @Override
        public void write(String text, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                put(text.charAt(i));
            }
        }

        @Override
        public void write(int c) {
            put((char) c);
        }

        private void put(char c) {
            if (pendingHigh != 0) {
                char high = pendingHigh;
                pendingHigh = 0;
                if (Character.isLowSurrogate(c)) {
                    encode(Character.toCodePoint(high, c));
                    return;
                }
                encode('?');
            }
            if (Character.isHighSurrogate(c)) {
                pendingHigh = c;
            } else if (Character.isLowSurrogate(c)) {
                encode('?');
            } else {
                encode(c);
            }
        }

        private void encode(int codePoint) {
            if (used > bytes.length - 4) {
                flushBytes();
            }
            if (codePoint < 0x80) {
                bytes[used++] = (byte) codePoint;
            } else if (codePoint < 0x800) {
                bytes[used++] = (byte) (0xC0 | codePoint >> 6);
                bytes[used++] = (byte) (0x80 | codePoint & 0x3F);
            } else if (codePoint < 0x10000) {
                bytes[used++] = (byte) (0xE0 | codePoint >> 12);
                bytes[used++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                bytes[used++] = (byte) (0x80 | codePoint & 0x3F);
            } else {
                bytes[used++] = (byte) (0xF0 | codePoint >> 18);
                bytes[used++] = (byte) (0x80 | codePoint >> 12 & 0x3F);
                bytes[used++] = (byte) (0x80 | codePoint >> 6 & 0x3F);
                bytes[used++] = (byte) (0x80 | codePoint & 0x3F);
            }
        }

        private void flushBytes() {
            digest.update(bytes, 0, used);
            used = 0;
        }

        @Override
        public void flush() {
            // a pending high surrogate stays: its low half may still come
            flushBytes();
        }

        @Override
        public void close() {
            if (pendingHigh != 0) {
                pendingHigh = 0;
                encode('?');
            }
            flushBytes();
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
