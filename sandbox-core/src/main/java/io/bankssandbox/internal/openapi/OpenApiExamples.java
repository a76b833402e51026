package io.bankssandbox.internal.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * The document's examples: for every operation and every status it documents, one real answer of a
 * sandbox on the default fixtures (frozen clock), with the request that gets it. They are kept in a
 * file of their own, {@code io/bankssandbox/openapi/examples.json}, and merged into the document only
 * where it is served ({@link OpenApiDocument#served}): the validator, which reads the document on the
 * first request, never parses them. The build replays every request and compares the answer
 * ({@code OpenApiExamplesTest}), and {@code docs/reference.md} shows them.
 *
 * <p>The file maps {@code "METHOD /path"} to statuses; each status holds an example (or an array of them,
 * the first the one pages show): a {@code summary}, the
 * {@code request} (its {@code path} with the query, {@code headers}, {@code body}, and what sets the
 * scene: {@code given} requests before it, a {@code sandbox} started with an option), the
 * {@code content_type} of the answer and the {@code answer} itself (a PDF's text for a PDF). Merged,
 * each becomes an Example Object under its response's media type, the request in {@code x-request};
 * a 2xx request's JSON body is also the operation's request body example. An answer without a body (a
 * 204) has no media type: its example is the response's own {@code x-examples}.
 */
public final class OpenApiExamples {
    static final String RESOURCE = "io/bankssandbox/openapi/examples.json";
    private static final String PDF = "application/pdf";

    private OpenApiExamples() {}

    /** The examples as kept: {@code "METHOD /path"} to status to example. */
    public static JsonNode read() {
        try (InputStream in = OpenApiExamples.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing OpenAPI resource " + RESOURCE);
            }
            return Json.MAPPER.readTree(in).path("operations");
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable OpenAPI resource " + RESOURCE, e);
        }
    }

    /** What the served document says of its examples, after its own description. */
    static final String NOTE = " Every response has an example: what a sandbox on the default fixtures, its clock frozen at"
            + " their start, answers the request in its x-request (method, path, headers, body; given: the requests made"
            + " before it on the same sandbox, a {name} in a later path being what a capture took from an earlier"
            + " answer; sandbox: the options it was started with; in_flight: sent while the same request is still being"
            + " handled; no_answer: a given request whose answer a fault lost, the connection closed). The build replays"
            + " every one and compares the answer.";

    /** Puts every example into {@code document}, where OpenAPI 3.1 keeps examples. */
    static void merge(ObjectNode document, JsonNode examples) {
        if (document.path("info") instanceof ObjectNode info) {
            info.put("description", info.path("description").asText() + NOTE);
        }
        for (Iterator<Map.Entry<String, JsonNode>> operations = examples.fields(); operations.hasNext(); ) {
            Map.Entry<String, JsonNode> operation = operations.next();
            String[] methodAndPath = operation.getKey().split(" ", 2);
            JsonNode node = document.path("paths").path(methodAndPath[1]).path(methodAndPath[0].toLowerCase(Locale.ROOT));
            if (!(node instanceof ObjectNode documented)) {
                throw new IllegalStateException(RESOURCE + " has examples of " + operation.getKey()
                        + ", which the document does not have");
            }
            for (Iterator<Map.Entry<String, JsonNode>> statuses = operation.getValue().fields(); statuses.hasNext(); ) {
                Map.Entry<String, JsonNode> status = statuses.next();
                for (JsonNode example : each(status.getValue())) {
                    merge(documented, operation.getKey(), status.getKey(), example);
                }
            }
        }
    }

    private static void merge(ObjectNode operation, String name, String status, JsonNode example) {
        String contentType = example.path("content_type").asText(null);
        JsonNode response = operation.path("responses").path(status);
        // an answer without a body (a 204) has no media type to hold it: the response itself does
        JsonNode holder = contentType == null ? response : response.path("content").path(contentType);
        if (!(holder instanceof ObjectNode documented) || (contentType == null && response.has("content"))) {
            throw new IllegalStateException(RESOURCE + ": " + name + " " + status + " answers "
                    + (contentType == null ? "no body" : contentType) + ", which the document does not declare");
        }
        String key = key(example.path("summary").asText());
        ObjectNode examples = documented.withObjectProperty(contentType == null ? "x-examples" : "examples");
        if (examples.has(key)) {
            throw new IllegalStateException(RESOURCE + ": " + name + " " + status + " has two examples named " + key);
        }
        ObjectNode shown = examples.putObject(key);
        shown.put("summary", example.path("summary").asText());
        if (contentType == null) {
            shown.put("description", "No body.");
        } else if (contentType.equals(PDF)) {
            shown.put("description", "A PDF (binary); the text it shows:\n\n" + example.path("answer").asText());
        } else {
            shown.set("value", example.path("answer"));
        }
        ObjectNode request = shown.putObject("x-request");
        request.put("method", name.substring(0, name.indexOf(' ')));
        request.setAll((ObjectNode) example.path("request"));
        JsonNode body = example.path("request").path("body");
        if (status.startsWith("2") && !body.isMissingNode() && operation.has("requestBody")) {
            ObjectNode bodyExample = operation.withObjectProperty("requestBody").withObjectProperty("content")
                    .withObjectProperty("application/json").withObjectProperty("examples").putObject(key);
            bodyExample.put("summary", example.path("summary").asText());
            bodyExample.set("value", body);
        }
    }

    /**
     * The examples of one status: one, or several where a request's fields each deserve their own (the
     * file holds an array then; the first is the one a page shows).
     */
    static Iterable<JsonNode> each(JsonNode status) {
        return status.isArray() ? status : java.util.List.of(status);
    }

    /** An example's name in its map: its summary in lower case, words joined by hyphens. */
    static String key(String summary) {
        String key = summary.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        return key.length() <= 60 ? key : key.substring(0, 60).replaceAll("-$", "");
    }
}
