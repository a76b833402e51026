package io.bankssandbox.internal.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Requests are validated against the schemas the build extracted from the OpenAPI document, not the
 * whole document: the same nodes at the same pointers, so the same rules and the same words.
 */
class RequestSchemasTest {
    private static final OpenApiDocument FULL = OpenApiDocument.load();

    @Test
    void theBuildsRequestSchemasHoldEveryBodyAndParameterSchemaAsTheDocumentHasIt() {
        String text = OpenApiDocument.open().requestSchemas();
        assertThat(text).as("the build writes them (sandbox-core's process-classes)").isNotNull();
        JsonNode extracted = RequestSchemas.parse(text);
        Set<String> roots = RequestSchemas.roots(FULL.allOperations());

        assertThat(roots).contains("#/components/schemas/CreateCardRequest");
        for (String root : roots) {
            assertThat(extracted.at(root.substring(1))).as(root).isEqualTo(FULL.document().at(root.substring(1)));
        }
        for (String ref : refs(extracted, new ArrayList<>())) {
            assertThat(extracted.at(ref.substring(1)).isMissingNode()).as("%s resolves inside", ref).isFalse();
        }
        assertThat(text.length()).as("a part of the document").isLessThan(FULL.bytes().length / 3);
    }

    @Test
    void requestSchemasMadeFromOtherFilesAreNotUsed() {
        assertThat(RequestSchemas.read("openapi.json:1:0")).isNull();
        assertThat(OpenApiDocument.load().requestSchemas()).as("a document read from its files").isNull();
    }

    /**
     * Every body schema and every parameter schema refuses the same values with the same messages,
     * pointers and keywords, whether validated against the extracted schemas or the whole document.
     */
    @Test
    void everyRequestIsWordedAsTheWholeDocumentWordsIt() {
        SchemaValidator extracted = new SchemaValidator(OpenApiDocument.open());
        SchemaValidator whole = new SchemaValidator(FULL.document(), OpenApiDocument.IRI);
        int compared = 0;
        for (OpenApiDocument.Operation operation : FULL.allOperations()) {
            if (operation.bodySchemaRef() != null && !RequestSchemas.STREAMED_BODIES.contains(operation.bodySchemaRef())) {
                for (JsonNode body : badBodies(FULL.document().at(operation.bodySchemaRef().substring(1)))) {
                    assertThat(extracted.validate(operation.bodySchemaRef(), body)).as("%s %s", operation, body)
                            .isEqualTo(whole.validate(operation.bodySchemaRef(), body));
                    assertThat(extracted.validateWithPointers(operation.bodySchemaRef(), body))
                            .isEqualTo(whole.validateWithPointers(operation.bodySchemaRef(), body));
                    compared++;
                }
            }
            for (OpenApiDocument.Parameter parameter : operation.parameters()) {
                for (JsonNode value : List.of(TextNode.valueOf("x"), IntNode.valueOf(-1), IntNode.valueOf(1_000_000),
                        BooleanNode.TRUE, TextNode.valueOf("2026-02-30"))) {
                    assertThat(extracted.validate(parameter.schemaRef(), value, parameter.name()))
                            .as("%s %s", parameter, value).isEqualTo(whole.validate(parameter.schemaRef(), value, parameter.name()));
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThan(300);
    }

    @Test
    void aPointerOutsideTheRequestSchemasIsABugNotASchemaThatAcceptsAnything() {
        SchemaValidator extracted = new SchemaValidator(OpenApiDocument.open());

        assertThatThrownBy(() -> extracted.validate("#/components/schemas/NoSuchSchema", JsonNodeFactory.instance.objectNode()))
                .isInstanceOf(RuntimeException.class);
    }

    /** An empty body, an unknown property, and every declared property with values of the wrong kinds. */
    private static List<JsonNode> badBodies(JsonNode schema) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        List<JsonNode> bodies = new ArrayList<>();
        bodies.add(nodes.objectNode());
        bodies.add(nodes.objectNode().put("no_such_property", 1));
        List<String> properties = new ArrayList<>();
        collectProperties(schema, properties, 0);
        List<JsonNode> wrong = List.of(nodes.arrayNode().add(nodes.nullNode()), TextNode.valueOf(""), IntNode.valueOf(-1),
                TextNode.valueOf("x".repeat(300)), nodes.objectNode().put("a", 1), BooleanNode.FALSE,
                TextNode.valueOf("2026-02-30"));
        for (JsonNode value : wrong) {
            ObjectNode body = nodes.objectNode();
            properties.forEach(property -> body.set(property, value));
            bodies.add(body);
        }
        return bodies;
    }

    private static void collectProperties(JsonNode schema, List<String> into, int depth) {
        if (depth > 4) {
            return;
        }
        schema.path("properties").fieldNames().forEachRemaining(into::add);
        JsonNode ref = schema.get("$ref");
        if (ref != null) {
            collectProperties(FULL.document().at(ref.asText().substring(1)), into, depth + 1);
        }
        for (String applicator : List.of("allOf", "anyOf", "oneOf")) {
            schema.path(applicator).forEach(part -> collectProperties(part, into, depth + 1));
        }
    }

    private static List<String> refs(JsonNode node, List<String> into) {
        if (node.isObject()) {
            for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (name.equals("$ref") && node.get(name).isTextual()) {
                    into.add(node.get(name).asText());
                } else {
                    refs(node.get(name), into);
                }
            }
        } else if (node.isArray()) {
            node.forEach(element -> refs(element, into));
        }
        return into;
    }
}
