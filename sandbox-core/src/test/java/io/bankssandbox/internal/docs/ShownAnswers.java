package io.bankssandbox.internal.docs;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.JsonLayout;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The answer {@code docs/reference.md} shows under a route: the first 2xx example of the served
 * OpenAPI document for that operation (its request, the steps before it, the answer), written as a
 * collapsed block. The page holds exactly what this writes, so it cannot drift from the examples,
 * which the build replays against the sandbox.
 */
final class ShownAnswers {
    static final String START = "<details><summary>Example: ";
    static final String END = "</details>";
    /** Text answers longer than this many lines (the dashboard's HTML) are cut on the page. */
    private static final int TEXT_LINES = 40;

    private ShownAnswers() {}

    /** The OpenAPI document a sandbox on the default fixtures serves, examples and all. */
    static JsonNode servedDocument() throws Exception {
        try (io.bankssandbox.Sandbox sandbox = io.bankssandbox.Sandbox.start(io.bankssandbox.SandboxConfig.builder()
                .output(io.bankssandbox.SandboxConfig.Output.SILENT).build())) {
            java.net.http.HttpResponse<byte[]> response = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(sandbox.baseUrl() + "/_sandbox/openapi.json"))
                            .build(), java.net.http.HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() != 200) {
                throw new AssertionError("the served document: " + response.statusCode() + " "
                        + new String(response.body(), java.nio.charset.StandardCharsets.UTF_8));
            }
            return io.bankssandbox.internal.state.Json.MAPPER.readTree(response.body());
        }
    }

    /** The block for operation {@code METHOD /path} of the served document, or null when it has no 2xx example. */
    static String block(JsonNode served, String operation) {
        for (Iterator<String> statuses = responses(served, operation).fieldNames(); statuses.hasNext(); ) {
            String status = statuses.next();
            String block = status.startsWith("2") ? block(served, operation, status) : null;
            if (block != null) {
                return block;
            }
        }
        return null;
    }

    /** The block of the example for {@code status} of operation {@code METHOD /path}, or null when it has none. */
    static String block(JsonNode served, String operation, String status) {
        JsonNode response = responses(served, operation).path(status);
        JsonNode bodiless = response.path("x-examples");
        if (bodiless.size() > 0) {
            return block(status, null, bodiless.elements().next());
        }
        for (Iterator<Map.Entry<String, JsonNode>> media = response.path("content").fields(); media.hasNext(); ) {
            Map.Entry<String, JsonNode> type = media.next();
            JsonNode examples = type.getValue().path("examples");
            if (examples.size() > 0) {
                return block(status, type.getKey(), examples.elements().next());
            }
        }
        return null;
    }

    private static JsonNode responses(JsonNode served, String operation) {
        String method = operation.substring(0, operation.indexOf(' '));
        String path = operation.substring(operation.indexOf(' ') + 1);
        return served.path("paths").path(path).path(method.toLowerCase(Locale.ROOT)).path("responses");
    }

    /**
     * The block of an example as the served document holds one: {@code summary}, {@code x-request} (with
     * its {@code method}), and the answer's {@code value}.
     */
    static String block(String status, String contentType, JsonNode example) {
        JsonNode request = example.path("x-request");
        List<String> out = new ArrayList<>();
        out.add(START + escape(example.path("summary").asText()) + "</summary>");
        out.add("");
        JsonNode options = request.path("sandbox");
        if (options.size() > 0) {
            out.add("On a sandbox started with " + options + ".");
            out.add("");
        }
        if (request.path("given").size() > 0) {
            out.add("First, on the same sandbox:");
            out.add("");
            for (JsonNode step : request.path("given")) {
                out.add("- " + step(step));
            }
            out.add("");
        }
        out.add("```http");
        out.add(request.path("method").asText() + " " + request.path("path").asText());
        request.path("headers").fields().forEachRemaining(header -> out.add(header.getKey() + ": " + header.getValue().asText()));
        if (request.has("body")) {
            out.add("");
            out.add(pretty(request.get("body")));
        }
        out.add("```");
        out.add("");
        if (contentType == null) {
            out.add("Answer: `" + status + "`, no body.");
            out.add("");
            out.add(END);
            return String.join("\n", out);
        }
        boolean pdf = contentType.equals("application/pdf");
        out.add("Answer: `" + status + "`, `" + contentType + "`" + (pdf ? " (the PDF's text)" : ""));
        out.add("");
        out.add("```" + fence(contentType));
        out.add(pdf ? pdfText(example) : answer(contentType, example.path("value")));
        out.add("```");
        out.add("");
        out.add(END);
        return String.join("\n", out);
    }

    private static String step(JsonNode step) {
        StringBuilder line = new StringBuilder("`" + step.path("method").asText() + " " + step.path("path").asText() + "`");
        if (step.has("body")) {
            line.append(" with `").append(step.get("body")).append('`');
        }
        for (JsonNode condition : step.path("until")) {
            line.append(", until `").append(condition.path("pointer").asText()).append("` is `")
                    .append(condition.path("equals")).append('`');
        }
        step.path("capture").fields().forEachRemaining(capture -> {
            line.append(", its `").append(capture.getValue().path("pointer").asText()).append('`');
            if (capture.getValue().has("after")) {
                line.append(" after `").append(capture.getValue().path("after").asText()).append('`');
            }
            line.append(" being `{").append(capture.getKey()).append("}`");
        });
        return line.toString();
    }

    private static String answer(String contentType, JsonNode value) {
        if (!value.isTextual()) {
            return pretty(value);
        }
        String[] lines = value.asText().strip().split("\n", -1);
        if (lines.length <= TEXT_LINES) {
            return String.join("\n", lines);
        }
        List<String> kept = new ArrayList<>(List.of(lines).subList(0, TEXT_LINES - 10));
        kept.add("… (" + (lines.length - kept.size()) + " more lines: the OpenAPI document's example has them all)");
        return String.join("\n", kept);
    }

    private static String pdfText(JsonNode example) {
        String description = example.path("description").asText();
        return description.substring(description.indexOf("\n\n") + 2);
    }

    private static String fence(String contentType) {
        return switch (contentType) {
            case "application/json", "application/schema+json" -> "json";
            case "text/html" -> "html";
            case "image/svg+xml" -> "xml";
            case "application/yaml" -> "yaml";
            case "text/css" -> "css";
            case "text/javascript" -> "js";
            default -> "text";
        };
    }

    private static String pretty(JsonNode node) {
        return JsonLayout.write(node);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
