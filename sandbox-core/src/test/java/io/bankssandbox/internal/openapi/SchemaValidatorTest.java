package io.bankssandbox.internal.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import org.junit.jupiter.api.Test;

/**
 * The API's words for each JSON type, as class-validator has them, and the pointers of the fixture and
 * state-import messages, pinned as clients see them (replay's own words are pinned in ScenarioSchemaTest).
 */
class SchemaValidatorTest {
    private static final String SCHEMAS = """
            { '$defs': { 'T': { 'type': 'object', 'additionalProperties': false, 'required': ['r'],
                'properties': { 'n': { 'type': 'integer' }, 'b': { 'type': 'boolean' }, 's': { 'type': ['string', 'null'] },
                  'o': { 'type': 'object' }, 'a': { 'type': 'array' }, 'num': { 'type': 'number' }, 'z': { 'type': 'null' },
                  'm': { 'type': 'object', 'additionalProperties': { 'type': 'integer' } }, 'r': { 'type': 'string' } } } } }
            """;
    private static final String WRONG = """
            { 'n': 'x', 'b': 1, 's': 5, 'o': [], 'a': {}, 'num': 'x', 'z': 1, 'm': { 'a/b~c': 'x' }, 'x/y~z': 1 }
            """;

    private final SchemaValidator validator = new SchemaValidator(json(SCHEMAS), "https://example.test/schemas.json");

    private static JsonNode json(String text) {
        try {
            return Json.MAPPER.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void eachTypeInTheApisWordsAndOfSeveralTypesTheFirst() {
        assertThat(validator.validate("#/$defs/T", json(WRONG))).containsExactly(
                "n must be an integer number",
                "b must be a boolean value",
                "s must be a string",
                "o must be an object",
                "a must be an array",
                "num must be a number",
                "z must be null",
                "m.a/b~c must be an integer number",
                "property x/y~z should not exist",
                "r should not be empty");
    }

    @Test
    void fixtureMessagesPointAtTheValueOrTheNamedPropertyWithNamesAsTheyAre() {
        assertThat(validator.validateWithPointers("#/$defs/T", json(WRONG))).startsWith(
                "/n: n must be an integer number (type)",
                "/b: b must be a boolean value (type)").contains(
                "/m/a/b~c: m.a/b~c must be an integer number (type)",
                "/x/y~z: property x/y~z should not exist (additionalProperties)",
                "/r: r should not be empty (required)");
        assertThat(validator.validateWithPointers("#/$defs/T/properties/n", json("'x'")))
                .containsExactly("/: document must be an integer number (type)");
    }

    @Test
    void anArrayElementIsPointedAtAsInTheWholeArray() {
        assertThat(validator.validateElementWithPointers("#/$defs/T", json(WRONG), 3)).startsWith(
                "/3/n: [3].n must be an integer number (type)").contains(
                "/3/m/a/b~c: [3].m.a/b~c must be an integer number (type)",
                "/3/x/y~z: property [3].x/y~z should not exist (additionalProperties)",
                "/3/r: [3].r should not be empty (required)");
        assertThat(validator.validateElementWithPointers("#/$defs/T/properties/n", json("'x'"), 2))
                .containsExactly("/2: [2] must be an integer number (type)");
    }
}
