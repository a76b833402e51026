package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Idempotency body hashes: key order and whitespace do not count, and the hashes stored before
 * (state files keep them) stay the same for every character a body can hold. The reference is the
 * JDK's UTF-8 encoder over the text that serializing a sorted copy gives, which is how the hash was
 * first computed; the hashes below were computed by the versions that wrote today's state files.
 */
class BodyHashTest {
    /** One of each length of UTF-8 sequence at its edges, and the surrogates alone. */
    private static final String[] CHARACTERS = {
        "\u007f", "\u0080", "é", "\u07ff", // 1 and 2 bytes
        "\u0800", "東", "€", "\ud7ff", "\ue000", "\ufffd", "\uffff", // 3 bytes (around the surrogates too)
        "\ud800\udc00", "😀", "\udbff\udfff", // 4 bytes: U+10000, U+1F600, U+10FFFF
        "\ud83d", "\ude00", // a high and a low surrogate, unpaired
    };

    @ParameterizedTest
    @ValueSource(strings = {
            "{}",
            "{\"b\":1,\"a\":[3,{\"z\":null,\"y\":true}],\"c\":\"é ü \\u0001 \\\" \\\\ 😀\"}",
            "{\"amount\":100000,\"big\":123456789012345678901234567890,\"f\":1.5e300,\"d\":-0.25,\"n\":12345678901}",
            "{\"nested\":{\"k2\":{\"b\":[],\"a\":{}},\"k1\":[[1,2],[\"x\"]]},\"empty\":\"\"}",
            "[1,\"two\",{\"b\":2,\"a\":1}]",
            "\"just a string\"",
            "null",
            "{\"2\":\"ß é ñ ü Ω ж\",\"3\":\"東京 中文 한국어 € ₹\",\"4\":\"😀 🎉 𝄞 🏦\",\"keys\":{\"é\":1,\"东\":2,\"😀\":3,\"z\":4}}",
            // lone surrogates (encoded as '?', as String.getBytes does) and one at a string's very end
            "{\"lone\":\"\\ud800x\",\"low\":\"\\udc00\",\"end\":\"a\\ud83d\"}",
            "{\"highs\":\"\\ud83d\\ud83d\\ude00\",\"swapped\":\"\\ude00\\ud83d\",\"two_lows\":\"\\udc00\\udc00\"}"})
    void hashesTheSameTextAsSerializingASortedCopy(String body) throws Exception {
        JsonNode tree = parse(body);
        assertThat(BodyHash.of(tree)).isEqualTo(reference(tree));
    }

    @Test
    void theHashesStateFilesHoldDoNotChange() {
        // computed by the hand-written encoder that state files written until now were hashed with,
        // and equal to the reference: a body that hashes otherwise is a faithful retry refused with a 422
        assertThat(BodyHash.of(parse("{\"bank_account_id\":\"account_0000000ptmhjx1gxm2mi\",\"nickname\":\"Bench\","
                + "\"authorization_controls\":{\"usage\":{\"category\":\"multi_use\",\"multi_use\":"
                + "{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":100000}]}}}}")))
                .isEqualTo("4aa88664d0c1c1b6b12a44dc79b52d6d8196e71c99cf89c1a1a39667b86f51e4");
        assertThat(BodyHash.of(parse(IdempotencyAcrossStateFilesTest.UNICODE_CARD)))
                .isEqualTo(IdempotencyAcrossStateFilesTest.UNICODE_CARD_HASH);
        assertThat(BodyHash.of(parse("{\"edges\":\"\\u007f\\u0080\\u07ff\\u0800\\ud7ff\\ue000\\uffff\\ud800\\udc00"
                + "\\udbff\\udfff\"}")))
                .isEqualTo("a4f6bbf5834dd474ed789acf0e2e4c2a0aee26cea55d09baf6f86b4001710295");
        assertThat(BodyHash.of(parse("{\"lone\":\"\\ud800x\",\"low\":\"\\udc00\",\"end\":\"a\\ud83d\","
                + "\"twice\":\"\\ud83d\\ud83d\\ude00\",\"swapped\":\"\\ude00\\ud83d\"}")))
                .isEqualTo("24752f0c7640fcbaadd238190f5f0a3fc36bf3ba32a4e4f27fc094da3a27cac9");
        assertThat(BodyHash.of(parse("{\"z\":\"" + "é東😀x".repeat(3000) + "\",\"a\":\"" + "x😀".repeat(4001) + "\"}")))
                .isEqualTo("ec73c7e742c4e7396ef229d991af8a5b53fde0afffab63797b6d10a187dbd68f");
    }

    @Test
    void everyKindOfCharacterHashesAsTheJdkEncodesItAtEveryOffsetOfALongString() throws Exception {
        // strings longer than the JSON generator's buffer, each character kind at every offset from
        // its edges (a pair split between two writes, a lone surrogate at an edge), beside an ASCII one
        for (String character : CHARACTERS) {
            for (int offset = 0; offset < 8; offset++) {
                String value = "a".repeat(offset) + character.repeat(9000 / character.length()) + "\ud83d";
                ObjectNode tree = JsonNodeFactory.instance.objectNode().put("s", value).put("t", "x" + character);
                assertThat(BodyHash.of(tree)).as("%s at offset %d", codePoints(character), offset).isEqualTo(reference(tree));
                assertThat(BodyHash.of(tree)).isEqualTo(byTheJdksCharsetEncoder(tree));
            }
        }
    }

    @Test
    void randomBodiesOfMixedCharactersHashAsTheJdkEncodesThemWhateverTheirKeyOrder() throws Exception {
        Random random = new Random(20261127);
        for (int i = 0; i < 300; i++) {
            ObjectNode tree = randomObject(random, 3);
            String hash = BodyHash.of(tree);
            assertThat(hash).as("body %d: %s", i, tree).isEqualTo(reference(tree));
            assertThat(hash).isEqualTo(byTheJdksCharsetEncoder(tree));
            assertThat(BodyHash.of(shuffled(tree, random))).isEqualTo(hash);
        }
    }

    @Test
    void keyOrderAndWhitespaceDoNotMatterButValuesDo() {
        String one = BodyHash.of(parse("{\"a\":1,\"b\":{\"c\":[1,2],\"d\":\"x\"}}"));
        String reordered = BodyHash.of(parse(" {\n \"b\" : { \"d\":\"x\", \"c\": [ 1, 2 ] },\t\"a\": 1 }"));
        String otherValue = BodyHash.of(parse("{\"a\":1,\"b\":{\"c\":[2,1],\"d\":\"x\"}}"));
        assertThat(reordered).isEqualTo(one);
        assertThat(otherValue).isNotEqualTo(one);
        // one character apart, in each length of UTF-8 sequence
        assertThat(BodyHash.of(parse("{\"n\":\"é\"}"))).isNotEqualTo(BodyHash.of(parse("{\"n\":\"è\"}")));
        assertThat(BodyHash.of(parse("{\"n\":\"東\"}"))).isNotEqualTo(BodyHash.of(parse("{\"n\":\"京\"}")));
        assertThat(BodyHash.of(parse("{\"n\":\"😀\"}"))).isNotEqualTo(BodyHash.of(parse("{\"n\":\"😁\"}")));
    }

    private static JsonNode parse(String body) {
        return RequestBodyParser.parse(body.getBytes(StandardCharsets.UTF_8));
    }

    /** How the hash was computed before it was streamed: String.getBytes(UTF_8) of the sorted copy's JSON. */
    private static String reference(JsonNode tree) throws Exception {
        return IdempotencyStore.sha256(Json.MAPPER.writeValueAsString(sortedCopy(tree)));
    }

    /** The same text through the JDK's CharsetEncoder, malformed input replaced by '?' as String.getBytes does. */
    private static String byTheJdksCharsetEncoder(JsonNode tree) throws Exception {
        String text = Json.MAPPER.writeValueAsString(sortedCopy(tree));
        ByteBuffer bytes;
        try {
            bytes = StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE).replaceWith(new byte[] {'?'})
                    .encode(CharBuffer.wrap(text));
        } catch (CharacterCodingException e) {
            throw new AssertionError(e);
        }
        byte[] array = Arrays.copyOf(bytes.array(), bytes.limit());
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(array));
    }

    private static ObjectNode randomObject(Random random, int depth) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        int fields = random.nextInt(6);
        for (int f = 0; f < fields; f++) {
            String name = randomText(random, 1 + random.nextInt(4));
            switch (depth > 0 ? random.nextInt(5) : random.nextInt(3)) {
                case 0 -> node.put(name, randomText(random, random.nextInt(random.nextBoolean() ? 20 : 3000)));
                case 1 -> node.put(name, random.nextLong());
                case 2 -> node.put(name, random.nextBoolean());
                case 3 -> node.set(name, randomObject(random, depth - 1));
                default -> {
                    ArrayNode array = node.putArray(name);
                    for (int i = random.nextInt(4); i > 0; i--) {
                        array.add(random.nextBoolean() ? randomObject(random, depth - 1)
                                : JsonNodeFactory.instance.textNode(randomText(random, random.nextInt(50))));
                    }
                }
            }
        }
        return node;
    }

    private static String randomText(Random random, int length) {
        StringBuilder text = new StringBuilder(length * 2);
        for (int i = 0; i < length; i++) {
            text.append(random.nextInt(3) == 0 ? String.valueOf((char) ('a' + random.nextInt(26)))
                    : CHARACTERS[random.nextInt(CHARACTERS.length)]);
        }
        return text.toString();
    }

    private static JsonNode shuffled(JsonNode node, Random random) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            Collections.shuffle(names, random);
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            for (String name : names) {
                copy.set(name, shuffled(node.get(name), random));
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(item -> copy.add(shuffled(item, random)));
            return copy;
        }
        return node;
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
            ArrayNode array = JsonNodeFactory.instance.arrayNode();
            node.forEach(item -> array.add(sortedCopy(item)));
            return array;
        }
        return node;
    }

    private static String codePoints(String text) {
        return text.codePoints().mapToObj(c -> String.format("U+%04X", c)).toList().toString();
    }
}
