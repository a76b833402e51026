package io.bankssandbox.internal.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.JsonLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The document's examples ({@code examples.json}, merged into the served document by
 * {@link OpenApiExamples}) are real: every operation has one for each status it documents, each is
 * valid against its own schema, and each is exactly what a fresh sandbox on the default fixtures
 * answers to its request today ({@link ExampleReplay} says what is normalised). A route or a status
 * added without its example fails here; so does an answer that changed.
 *
 * <p>{@code -Dexamples.update=true} replays every request and writes the answers into
 * {@code examples.json} (the requests and summaries are written by hand): review the diff.
 */
class OpenApiExamplesTest {
    static final Path SOURCE = Path.of("src", "main", "resources", OpenApiExamples.RESOURCE);
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
    private static final JsonNode DOCUMENT = Contracts.openApi().document();
    private static final JsonNode EXAMPLES = OpenApiExamples.read();

    @Test
    void everyOperationHasAnExampleForEachStatusItDocumentsAndNoOther() {
        Set<String> documented = new TreeSet<>();
        forEachOperation((name, operation) -> operation.path("responses").fieldNames()
                .forEachRemaining(status -> documented.add(name + " " + status)));
        Set<String> exemplified = new TreeSet<>();
        EXAMPLES.fields().forEachRemaining(operation -> operation.getValue().fieldNames()
                .forEachRemaining(status -> exemplified.add(operation.getKey() + " " + status)));

        assertThat(difference(documented, exemplified))
                .as("documented statuses without an example in %s: add each (summary and request; "
                        + "-Dexamples.update=true writes the answer)", SOURCE)
                .isEmpty();
        assertThat(difference(exemplified, documented))
                .as("examples in %s of an operation or status the document does not have", SOURCE)
                .isEmpty();
    }

    @Test
    void everyOperationWithABodyHasARequestExample() {
        JsonNode served = OpenApiDocument.load().served();
        List<String> missing = new ArrayList<>();
        forEachOperation((name, operation) -> {
            if (operation.has("requestBody") && served.path("paths").path(path(name)).path(method(name))
                    .path("requestBody").path("content").path("application/json").path("examples").isEmpty()) {
                missing.add(name);
            }
        });
        assertThat(missing).as("operations with a request body whose 2xx example sends none").isEmpty();
    }

    @Test
    void everyExampleIsValidAgainstItsOwnSchema() {
        // the whole document's: the sandbox's own validator holds only the request schemas
        SchemaValidator validator = new SchemaValidator(DOCUMENT, OpenApiDocument.IRI);
        List<String> invalid = new ArrayList<>();
        forEachExample((operation, status, example) -> {
            String name = operation;
            String contentType = example.path("content_type").asText(null);
            String response = pointer(name) + "/responses/" + status.getKey();
            String media = response + "/content/" + escape(String.valueOf(contentType));
            if (contentType == null) {
                if (DOCUMENT.at(response.substring(1)).has("content") || example.has("answer")) {
                    invalid.add(name + " " + status.getKey() + ": an answer without a body where the document declares one");
                }
            } else if (DOCUMENT.at(media.substring(1)).isMissingNode()) {
                invalid.add(name + " " + status.getKey() + ": the document declares no " + contentType + " answer");
            } else if (isJson(contentType)) {
                validator.validate(schema(media), example.path("answer"))
                        .forEach(violation -> invalid.add(name + " " + status.getKey() + " answer: " + violation));
            } else if (!example.path("answer").isTextual()) {
                invalid.add(name + " " + status.getKey() + ": a " + contentType + " answer is shown as text");
            }
            JsonNode body = example.path("request").path("body");
            String bodySchema = pointer(name) + "/requestBody/content/application~1json";
            if (status.getKey().startsWith("2") && !body.isMissingNode()) {
                validator.validate(schema(bodySchema), body)
                        .forEach(violation -> invalid.add(name + " " + status.getKey() + " request: " + violation));
            }
        });
        assertThat(invalid).as("examples that break their own schema").isEmpty();
    }

    /** A schema's own {@code examples} (a field's sample values) are values that schema takes. */
    @Test
    void everySchemasOwnExamplesAreValidAgainstIt() {
        SchemaValidator validator = new SchemaValidator(DOCUMENT, OpenApiDocument.IRI);
        List<String> invalid = new ArrayList<>();
        List<String> pointers = new ArrayList<>();
        schemasWithExamples(DOCUMENT.path("components").path("schemas"), "#/components/schemas", pointers);
        for (String pointer : pointers) {
            for (JsonNode example : DOCUMENT.at(pointer.substring(1)).path("examples")) {
                validator.validate(pointer, example).forEach(violation -> invalid.add(pointer + ": " + example + ": " + violation));
            }
        }
        assertThat(pointers).as("schemas with examples of their own").isNotEmpty();
        assertThat(invalid).isEmpty();
    }

    private static void schemasWithExamples(JsonNode node, String pointer, List<String> found) {
        if (node.isObject() && node.path("examples").isArray()) {
            found.add(pointer);
        }
        if (node.isContainerNode()) {
            if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    schemasWithExamples(node.get(i), pointer + "/" + i, found);
                }
            } else {
                node.fields().forEachRemaining(field -> {
                    if (!field.getKey().equals("examples")) {
                        schemasWithExamples(field.getValue(), pointer + "/" + escape(field.getKey()), found);
                    }
                });
            }
        }
    }

    @Test
    void theServedDocumentHasTheExamplesAndTheValidatorsHasNone() {
        JsonNode served = OpenApiDocument.load().served();
        JsonNode example = served.at("/paths/~1v0~1cards/post/responses/201/content/application~1json/examples");
        assertThat(example.size()).isEqualTo(1);
        assertThat(example.elements().next().path("value").path("id").asText()).startsWith("card_");
        assertThat(example.elements().next().path("x-request").path("method").asText()).isEqualTo("POST");
        assertThat(served.at("/paths/~1v0~1cards/post/requestBody/content/application~1json/examples").size()).isEqualTo(1);
        assertThat(served.at("/info/description").asText()).as("what x-request holds, said once").endsWith(OpenApiExamples.NOTE);
        assertThat(DOCUMENT.toString()).as("the document the validator parses on the first request")
                .doesNotContain("\"x-request\"");
    }

    /** Each example replayed on a fresh sandbox; with {@code -Dexamples.update=true}, the answers rewritten. */
    @TestFactory
    Stream<DynamicTest> everyExampleIsWhatTheSandboxAnswers() throws IOException {
        if (Boolean.getBoolean("examples.update")) {
            rewriteAnswers();
            return Stream.empty();
        }
        List<DynamicTest> tests = new ArrayList<>();
        forEachExample((name, status, example) ->
                tests.add(DynamicTest.dynamicTest(name + " " + status.getKey() + " " + example.path("summary").asText(), () -> {
                    ExampleReplay.Answer live = ExampleReplay.replay(method(name).toUpperCase(Locale.ROOT),
                            example.path("request"));
                    assertThat(live.status()).as("status; answer: %s", abbreviated(live.body())).isEqualTo(Integer.parseInt(status.getKey()));
                    assertThat(live.contentType()).isEqualTo(example.path("content_type").asText(null));
                    assertThat(pretty(live.body()))
                            .as("the live answer (left) against the example in %s; if the change is meant, run this test, then"
                                    + " ReferenceDocTest, with -Dexamples.update=true and review the diff", SOURCE)
                            .isEqualTo(pretty(example.path("answer")));
                })));
        return tests.stream();
    }

    private static void rewriteAnswers() throws IOException {
        ObjectNode file = (ObjectNode) Json.MAPPER.readTree(SOURCE.toFile());
        List<String> refused = new ArrayList<>();
        forEachExample(file.path("operations"), (operation, status, node) -> {
            ObjectNode example = (ObjectNode) node;
            ExampleReplay.Answer live;
            try {
                live = ExampleReplay.replay(method(operation).toUpperCase(Locale.ROOT), example.path("request"));
            } catch (RuntimeException | AssertionError e) {
                refused.add(operation + " " + status.getKey() + " failed: " + e);
                return;
            }
            if (live.status() != Integer.parseInt(status.getKey())) {
                refused.add(operation + " " + status.getKey() + " answered " + live.status() + ": " + live.body());
                return;
            }
            example.remove(List.of("content_type", "answer"));
            if (live.contentType() != null) {
                example.put("content_type", live.contentType());
                example.set("answer", live.body());
            }
        });
        Files.writeString(SOURCE, JsonLayout.write(file) + "\n", StandardCharsets.UTF_8);
        assertThat(refused).as("requests that did not answer their example's status (their answers are left as they were)").isEmpty();
    }

    /** The schema under {@code pointer}: its {@code $ref} when it is one, so that each component is compiled once. */
    private static String schema(String pointer) {
        JsonNode schema = DOCUMENT.at(pointer.substring(1) + "/schema");
        return schema.has("$ref") ? schema.get("$ref").asText() : pointer + "/schema";
    }

    private static String abbreviated(JsonNode answer) {
        String text = answer.toString();
        return text.length() <= 600 ? text : text.substring(0, 600) + "…";
    }

    private static String pretty(JsonNode node) {
        return node.isMissingNode() ? "(no body)" : node.isTextual() ? node.asText() : JsonLayout.write(node);
    }

    private interface ExampleVisitor {
        void visit(String operation, Map.Entry<String, JsonNode> status, JsonNode example);
    }

    /** Every example of {@code examples} (the file's operations), a status's several ones each. */
    private static void forEachExample(JsonNode examples, ExampleVisitor visitor) {
        examples.fields().forEachRemaining(operation -> operation.getValue().fields().forEachRemaining(status -> {
            for (JsonNode example : OpenApiExamples.each(status.getValue())) {
                visitor.visit(operation.getKey(), status, example);
            }
        }));
    }

    private static void forEachExample(ExampleVisitor visitor) {
        forEachExample(EXAMPLES, visitor);
    }

    private interface OperationVisitor {
        void visit(String name, JsonNode operation);
    }

    private static void forEachOperation(OperationVisitor visitor) {
        for (Iterator<Map.Entry<String, JsonNode>> paths = DOCUMENT.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            path.getValue().fields().forEachRemaining(operation -> {
                if (METHODS.contains(operation.getKey())) {
                    visitor.visit(operation.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey(), operation.getValue());
                }
            });
        }
    }

    private static List<String> difference(Set<String> these, Set<String> those) {
        return these.stream().filter(item -> !those.contains(item)).toList();
    }

    private static String method(String name) {
        return name.substring(0, name.indexOf(' ')).toLowerCase(Locale.ROOT);
    }

    private static String path(String name) {
        return name.substring(name.indexOf(' ') + 1);
    }

    private static String pointer(String name) {
        return "#/paths/" + escape(path(name)) + "/" + method(name);
    }

    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    private static boolean isJson(String contentType) {
        return contentType.equals("application/json") || contentType.endsWith("+json");
    }
}
