package io.bankssandbox.internal.standalone.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.internal.standalone.Http;
import org.junit.jupiter.api.Test;

class JsonMatchTest {
    private static JsonNode json(String text) throws Exception {
        return Http.JSON.readTree(text);
    }

    @Test
    void objectsMatchBySubsetArraysByLengthAndItemNumbersByValue() throws Exception {
        JsonNode actual = json("{\"a\":1,\"b\":{\"c\":[{\"d\":2,\"e\":3},{\"d\":4}]},\"f\":null,\"g\":2.50}");
        assertThat(JsonMatch.differences(json("{\"b\":{\"c\":[{\"d\":2},{}]},\"f\":null,\"g\":2.5}"), actual)).isEmpty();
        assertThat(JsonMatch.differences(json("{\"b\":{\"c\":[{\"d\":2}]}}"), actual))
                .containsExactly("$.b.c: expected 1 items, was 2: [{\"d\":2,\"e\":3},{\"d\":4}]"
                        + " (to match some items only, use {\"$contains\": [...]})");
        assertThat(JsonMatch.differences(json("{\"b\":{\"c\":[{\"d\":2},{\"d\":5}]},\"x\":1,\"a\":\"1\"}"), actual))
                .containsExactly("$.b.c[1].d: expected 5, was 4", "$.x: expected 1, was missing", "$.a: expected \"1\", was 1");
        assertThat(JsonMatch.differences(json("{\"odd key\":1}"), json("{}"))).containsExactly("$[\"odd key\"]: expected 1, was missing");
    }

    @Test
    void pathsSelectOneValue() throws Exception {
        JsonNode body = json("{\"data\":[{\"id\":\"a\"},{\"id\":\"b\"}],\"x y\":{\"z\":1}}");
        assertThat(JsonPointerPath.select(body, "$.data[1].id").asText()).isEqualTo("b");
        assertThat(JsonPointerPath.select(body, "$[\"x y\"].z").asInt()).isEqualTo(1);
        assertThat(JsonPointerPath.select(body, "$.data[5].id").isMissingNode()).isTrue();
        assertThat(JsonPointerPath.select(body, "$").isObject()).isTrue();
        assertThatThrownBy(() -> JsonPointerPath.select(body, "$.data[*]")).hasMessageContaining("$.a.b[0]");
    }

    @Test
    void savedValuesReplaceVariablesKeepingTheirTypeWhenAlone() throws Exception {
        Variables saved = new Variables();
        saved.put("id", TextNode.valueOf("card_1"));
        saved.put("amount", json("500"));
        assertThat(saved.substitute(json("{\"path\":\"/v0/cards/${id}\",\"amount\":\"${amount}\",\"n\":\"${amount} cents\"}"))
                .toString()).isEqualTo("{\"path\":\"/v0/cards/card_1\",\"amount\":500,\"n\":\"500 cents\"}");
        assertThatThrownBy(() -> saved.substitute("/v0/cards/${nope}")).hasMessageContaining("${nope} has no value");
    }

    @Test
    void regexMatchesAWholeStringAndSaysWhatItWantedWhenNot() throws Exception {
        JsonNode actual = json("{\"id\":\"card_0000lfls8yh1s2v0b2ad\",\"last_4\":\"4242\",\"n\":5}");
        assertThat(JsonMatch.differences(json("{\"id\":{\"$regex\":\"card_[0-9a-z]{20}\"},\"last_4\":{\"$regex\":\"[0-9]{4}\"}}"),
                actual)).isEmpty();
        assertThat(JsonMatch.differences(json("{\"last_4\":{\"$regex\":\"42\"},\"n\":{\"$regex\":\"5\"},\"x\":{\"$regex\":\".*\"}}"),
                actual)).containsExactly("$.last_4: expected a string matching /42/, was \"4242\"",
                "$.n: expected a string matching /5/, was 5", "$.x: expected a string matching /.*/, was missing");
    }

    @Test
    void containsFindsEachExpectedItemAnywhereAndEachChecksEveryItem() throws Exception {
        JsonNode actual = json("{\"data\":[{\"status\":\"active\",\"n\":1},{\"status\":\"canceled\",\"n\":2},"
                + "{\"status\":\"active\",\"n\":3}]}");
        assertThat(JsonMatch.differences(json("{\"data\":{\"$contains\":[{\"n\":3},{\"status\":\"canceled\"}]}}"), actual)).isEmpty();
        assertThat(JsonMatch.differences(json("{\"data\":{\"$contains\":[{\"n\":4}]}}"), actual))
                .singleElement().asString().startsWith("$.data: expected an item matching {\"n\":4}, none of the 3 items does");
        assertThat(JsonMatch.differences(json("{\"data\":{\"$each\":{\"n\":{\"$regex\":\"x\"}}}}"), json("{\"data\":[]}")))
                .isEmpty();
        assertThat(JsonMatch.differences(json("{\"data\":{\"$each\":{\"status\":\"active\"},\"$contains\":[{\"n\":1}]}}"),
                actual)).containsExactly("$.data[1].status: expected \"active\", was \"canceled\"");
        assertThat(JsonMatch.differences(json("{\"data\":{\"$each\":{}}}"), json("{\"data\":{}}")))
                .containsExactly("$.data: expected an array ({\"$each\":{}}), was {}");
    }
}
