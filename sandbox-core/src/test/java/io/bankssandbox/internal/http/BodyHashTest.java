package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Idempotency body hashes: key order and whitespace do not count, and stored hashes stay valid. */
class BodyHashTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "{}",
            "{\"b\":1,\"a\":[3,{\"z\":null,\"y\":true}],\"c\":\"é ü \\u0001 \\\" \\\\ 😀\"}",
            "{\"amount\":100000,\"big\":123456789012345678901234567890,\"f\":1.5e300,\"d\":-0.25,\"n\":12345678901}",
            "{\"nested\":{\"k2\":{\"b\":[],\"a\":{}},\"k1\":[[1,2],[\"x\"]]},\"empty\":\"\"}",
            "[1,\"two\",{\"b\":2,\"a\":1}]",
            "\"just a string\"",
            "null",
            // lone surrogates (encoded as '?', as String.getBytes does) and one at a string's very end
            "{\"lone\":\"\\ud800x\",\"low\":\"\\udc00\",\"end\":\"a\\ud83d\"}"})
    void hashesTheSameTextAsSerializingASortedCopy(String body) throws Exception {
        JsonNode tree = RequestBodyParser.parse(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        // how the hash was computed before it was streamed: what state files written earlier hold
        String reference = IdempotencyStore.sha256(Json.MAPPER.writeValueAsString(sortedCopy(tree)));
        assertThat(BodyHash.of(tree)).isEqualTo(reference);
    }

    @Test
    void aLongBodyOfAstralCharactersHashesTheSameTextAsSerializingASortedCopy() throws Exception {
        // longer than the generator's and the digest writer's buffers, with pairs across their edges
        String body = "{\"z\":\"" + "😀é".repeat(3000) + "\",\"a\":\"" + "x😀".repeat(1001) + "\"}";
        JsonNode tree = RequestBodyParser.parse(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String reference = IdempotencyStore.sha256(Json.MAPPER.writeValueAsString(sortedCopy(tree)));
        assertThat(BodyHash.of(tree)).isEqualTo(reference);
    }

    @Test
    void theDigestWriterEncodesAsStringGetBytesWhereverItsWritesSplitTheText() throws Exception {
        String text = "a😀b\ud800c\udc00d€😀" + "😀".repeat(300) + "\ud83d";
        byte[] expected = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int split = 0; split <= text.length(); split++) {
            java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
            try (BodyHash.Utf8Digest writer = new BodyHash.Utf8Digest(digest)) {
                writer.write(text.toCharArray(), 0, split);
                writer.write(text, split, text.length() - split);
            }
            assertThat(digest.digest()).as("split at %d", split)
                    .isEqualTo(java.security.MessageDigest.getInstance("SHA-256").digest(expected));
        }
    }

    @Test
    void keyOrderAndWhitespaceDoNotMatterButValuesDo() {
        String one = BodyHash.of(RequestBodyParser.parse("{\"a\":1,\"b\":{\"c\":[1,2],\"d\":\"x\"}}".getBytes()));
        String reordered = BodyHash.of(RequestBodyParser.parse(
                " {\n \"b\" : { \"d\":\"x\", \"c\": [ 1, 2 ] },\t\"a\": 1 }".getBytes()));
        String otherValue = BodyHash.of(RequestBodyParser.parse("{\"a\":1,\"b\":{\"c\":[2,1],\"d\":\"x\"}}".getBytes()));
        assertThat(reordered).isEqualTo(one);
        assertThat(otherValue).isNotEqualTo(one);
    }

    private static JsonNode sortedCopy(JsonNode node) {
        if (node.isObject()) {
            ObjectNode sorted = JsonNodeFactory.instance.objectNode();
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            names.sort(null);
            for (String name : names) {
                sorted.set(name, sortedCopy(node.get(name)));
            }
            return sorted;
        }
        if (node.isArray()) {
            var array = JsonNodeFactory.instance.arrayNode();
            node.forEach(item -> array.add(sortedCopy(item)));
            return array;
        }
        return node;
    }
}
