package io.bankssandbox.standalone.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.state.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonMatchTest {
    private static JsonNode json(String text) throws Exception {
        return Json.MAPPER.readTree(text);
    }

    @Test
    void objectsMatchBySubsetArraysByLengthAndItemNumbersByValue() throws Exception {
        JsonNode actual = json("{\"a\":1,\"b\":{\"c\":[{\"d\":2,\"e\":3},{\"d\":4}]},\"f\":null,\"g\":2.50}");
        assertThat(JsonMatch.differences(json("{\"b\":{\"c\":[{\"d\":2},{}]},\"f\":null,\"g\":2.5}"), actual)).isEmpty();
        assertThat(JsonMatch.differences(json("{\"b\":{\"c\":[{\"d\":2}]}}"), actual))
                .containsExactly("$.b.c: expected 1 items, was 2: [{\"d\":2,\"e\":3},{\"d\":4}]");
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
        Map<String, JsonNode> saved = Map.of("id", TextNode.valueOf("card_1"), "amount", json("500"));
        assertThat(ScenarioRunner.substitute(json("{\"path\":\"/v0/cards/${id}\",\"amount\":\"${amount}\",\"n\":\"${amount} cents\"}"), saved)
                .toString()).isEqualTo("{\"path\":\"/v0/cards/card_1\",\"amount\":500,\"n\":\"500 cents\"}");
        assertThatThrownBy(() -> ScenarioRunner.substitute("/v0/cards/${nope}", saved)).hasMessageContaining("${nope} is not defined");
    }
}
