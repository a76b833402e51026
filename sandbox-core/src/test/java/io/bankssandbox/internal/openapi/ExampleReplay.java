package io.bankssandbox.internal.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * Sends an example's request, as {@code examples.json} writes it, to a fresh sandbox on the default
 * fixtures (frozen clock), and gives the answer as an example holds it. What varies from one sandbox
 * to the next, and only that, is normalised (see {@link #normalised}).
 */
final class ExampleReplay {
    /** Where the examples say the sandbox runs: the standalone's default address. */
    static final String SHOWN_ORIGIN = "http://localhost:8080";
    /** A card details token is signed with a key each sandbox draws at random: its signature is shown as this. */
    static final String SHOWN_SIGNATURE = "x".repeat(24);
    private static final Pattern TOKEN = Pattern.compile("(/_sandbox/card-details/[A-Za-z0-9_-]+)\\.[A-Za-z0-9_-]{24}");
    /** Reads answers as a client would, with Jackson's default limits (the journal nests request bodies deep). */
    private static final ObjectMapper ANSWERS = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** An answer: its status, its media type, and its body as an example holds it. */
    record Answer(int status, String contentType, JsonNode body) {}

    private ExampleReplay() {}

    /** Replays {@code request} of operation {@code method} on a sandbox of its own. */
    static Answer replay(String method, JsonNode request) {
        try (Sandbox sandbox = Sandbox.start(config(request.path("sandbox")))) {
            Map<String, String> captured = new HashMap<>();
            for (JsonNode step : request.path("given")) {
                given(sandbox, step, captured);
            }
            if (request.path("in_flight").asBoolean(false)) {
                return whileTheSameIsInFlight(sandbox, method, request, captured);
            }
            return answer(sandbox, send(sandbox, method, request, captured));
        }
    }

    private static SandboxConfig config(JsonNode options) {
        SandboxConfig.Builder config = SandboxConfig.builder().output(SandboxConfig.Output.SILENT);
        for (Iterator<Map.Entry<String, JsonNode>> it = options.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> option = it.next();
            switch (option.getKey()) {
                case "admin_token" -> config.adminToken(option.getValue().asText());
                case "max_import_bytes" -> config.maxImportBytes(option.getValue().asLong());
                case "webhooks" -> option.getValue().forEach(url -> config.webhook(url.asText()));
                default -> throw new IllegalArgumentException("no sandbox option " + option.getKey());
            }
        }
        return config.build();
    }

    /** A request that sets the scene; {@code until} repeats it (a few seconds at most) until the answer says so. */
    private static void given(Sandbox sandbox, JsonNode step, Map<String, String> captured) {
        String method = step.path("method").asText();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            HttpResponse<byte[]> response = send(sandbox, method, step, captured);
            if (response.statusCode() >= 300) {
                throw new AssertionError("the step " + method + " " + step.path("path").asText() + " answered "
                        + response.statusCode() + ": " + new String(response.body(), StandardCharsets.UTF_8));
            }
            if (holds(step.path("until"), response.body())) {
                for (Iterator<Map.Entry<String, JsonNode>> it = step.path("capture").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> capture = it.next();
                    captured.put(capture.getKey(), capture(response.body(), capture.getValue()));
                }
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the step " + method + " " + step.path("path").asText() + " never answered "
                        + step.path("until") + ": " + new String(response.body(), StandardCharsets.UTF_8));
            }
            sleep(20);
        }
    }

    /** Whether every condition of {@code until} ({@code pointer} and the value it {@code equals}) holds of the answer. */
    private static boolean holds(JsonNode until, byte[] body) {
        for (JsonNode condition : until) {
            if (!json(body).at(condition.path("pointer").asText()).equals(condition.path("equals"))) {
                return false;
            }
        }
        return true;
    }

    /** A captured value: the string at {@code pointer}, after {@code after} when given. */
    private static String capture(byte[] body, JsonNode how) {
        String value = json(body).at(how.path("pointer").asText()).asText();
        String after = how.path("after").asText("");
        return value.substring(value.indexOf(after) + after.length());
    }

    /**
     * The duplicate of a request whose first copy, with the same Idempotency-Key, is still being
     * handled: the first is held after its write, before it answers, until the duplicate is answered.
     */
    private static Answer whileTheSameIsInFlight(Sandbox sandbox, String method, JsonNode request, Map<String, String> captured) {
        CountDownLatch inHandler = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        SandboxInternals.runtime(sandbox).events().afterCommit(batch -> {
            if (!batch.isEmpty() && inHandler.getCount() > 0) {
                inHandler.countDown();
                await(release);
            }
        });
        CompletableFuture<HttpResponse<byte[]>> first = CompletableFuture.supplyAsync(() -> send(sandbox, method, request, captured));
        try {
            if (!inHandler.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the first request never reached its handler: " + first.getNow(null));
            }
            return answer(sandbox, send(sandbox, method, request, captured));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            release.countDown();
            first.join();
        }
    }

    private static HttpResponse<byte[]> send(Sandbox sandbox, String method, JsonNode request, Map<String, String> captured) {
        HttpRequest.Builder http = HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + fill(request.path("path").asText(), captured)))
                .timeout(Duration.ofSeconds(30));
        request.path("headers").fields().forEachRemaining(header -> http.header(header.getKey(), fill(header.getValue().asText(), captured)));
        http.method(method, body(request, captured));
        try {
            return HTTP.send(http.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + request.path("path").asText() + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static HttpRequest.BodyPublisher body(JsonNode request, Map<String, String> captured) {
        if (request.has("body")) {
            return HttpRequest.BodyPublishers.ofString(fill(request.get("body").toString(), captured));
        }
        if (request.has("body_text")) {
            return HttpRequest.BodyPublishers.ofString(request.get("body_text").asText());
        }
        if (request.has("body_bytes")) {
            return HttpRequest.BodyPublishers.ofByteArray(oversized(request.get("body_bytes").asInt()));
        }
        return HttpRequest.BodyPublishers.noBody();
    }

    /** A JSON object of exactly {@code size} bytes: {@code {"padding":"xxx…"}}. */
    static byte[] oversized(int size) {
        String prefix = "{\"padding\":\"";
        String suffix = "\"}";
        return (prefix + "x".repeat(size - prefix.length() - suffix.length()) + suffix).getBytes(StandardCharsets.US_ASCII);
    }

    /** {@code {name}} replaced by what a step captured under that name. */
    private static String fill(String text, Map<String, String> captured) {
        for (Map.Entry<String, String> value : captured.entrySet()) {
            text = text.replace("{" + value.getKey() + "}", value.getValue());
        }
        return text;
    }

    private static Answer answer(Sandbox sandbox, HttpResponse<byte[]> response) {
        String contentType = response.headers().firstValue("Content-Type").orElse("").split(";")[0].strip();
        JsonNode body;
        if (contentType.equals("application/json") || contentType.endsWith("+json")) {
            body = json(response.body());
        } else if (contentType.equals("application/pdf")) {
            body = JsonNodeFactory.instance.textNode(pdfText(response.body()));
        } else {
            body = JsonNodeFactory.instance.textNode(new String(response.body(), StandardCharsets.UTF_8));
        }
        return new Answer(response.statusCode(), contentType, normalised(body, sandbox.baseUrl()));
    }

    /**
     * What differs between two sandboxes given the same requests, and nothing else: the sandbox's own
     * address (its port is free, chosen at start) becomes {@link #SHOWN_ORIGIN}; a card details token's
     * signature (signed with a key drawn at random per sandbox) becomes {@link #SHOWN_SIGNATURE}; and a
     * webhook attempt's {@code duration_ms} (wall-clock time of a real HTTP call) becomes 0.
     */
    static JsonNode normalised(JsonNode body, String baseUrl) {
        if (body.isTextual()) {
            String text = body.asText().replace(baseUrl, SHOWN_ORIGIN);
            Matcher token = TOKEN.matcher(text);
            return JsonNodeFactory.instance.textNode(token.replaceAll("$1." + SHOWN_SIGNATURE));
        }
        if (body instanceof ObjectNode object) {
            ObjectNode copy = object.objectNode();
            object.fields().forEachRemaining(field -> copy.set(field.getKey(),
                    field.getKey().equals("duration_ms") && field.getValue().isNumber() && object.has("status_code")
                            ? copy.numberNode(0) : normalised(field.getValue(), baseUrl)));
            return copy;
        }
        if (body.isArray()) {
            List<JsonNode> items = new java.util.ArrayList<>();
            body.forEach(item -> items.add(normalised(item, baseUrl)));
            return JsonNodeFactory.instance.arrayNode().addAll(items);
        }
        return body;
    }

    private static JsonNode json(byte[] body) {
        try {
            return ANSWERS.readTree(body);
        } catch (IOException e) {
            throw new IllegalStateException("not JSON: " + new String(body, StandardCharsets.UTF_8), e);
        }
    }

    private static String pdfText(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(document).strip();
        } catch (IOException e) {
            throw new IllegalStateException("not a PDF", e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the held request was never released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
