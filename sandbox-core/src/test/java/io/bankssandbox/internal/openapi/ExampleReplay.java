package io.bankssandbox.internal.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.server.SandboxServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * Sends an example's request, as {@code examples.json} writes it, to a fresh sandbox on the default
 * fixtures (frozen clock), after the steps that set its scene, and gives the answer as an example
 * holds it. What differs from one sandbox to the next given the same requests, and only that, is
 * normalised (see {@link #normalised}).
 */
public final class ExampleReplay {
    /** Where the examples say the sandbox runs: the standalone's default address. */
    static final String SHOWN_ORIGIN = "http://localhost:8080";
    /** A card details token is signed with a key each sandbox draws at random: its signature is shown as this. */
    static final String SHOWN_SIGNATURE = "x".repeat(24);
    /** What a sandbox started on demand shows as its creation time (the wall clock's): the fixtures' start. */
    static final String SHOWN_CREATED_AT = "2026-03-02T15:00:00.000Z";
    private static final Pattern TOKEN = Pattern.compile("(/_sandbox/card-details/[A-Za-z0-9_-]+)\\.[A-Za-z0-9_-]{24}");
    private static final Pattern LOOPBACK = Pattern.compile("http://127\\.0\\.0\\.1:\\d+");
    private static final Pattern SANDBOX_ID = Pattern.compile("sandbox_[0-9a-z]{20}");
    /** Reads answers as a client would, with Jackson's default limits (the journal nests request bodies deep). */
    private static final ObjectMapper ANSWERS = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** An answer: its status, its media type (null without a body), and its body as an example holds it. */
    public record Answer(int status, String contentType, JsonNode body) {}

    private final SandboxServer server;
    private final String baseUrl;
    private final Map<String, String> captured = new HashMap<>();
    /** Each sandbox's address, in the order first seen, as shown. */
    private final Map<String, String> addresses = new LinkedHashMap<>();
    /** Each random sandbox id, in the order first seen, as shown. */
    private final Map<String, String> ids = new LinkedHashMap<>();

    private ExampleReplay(SandboxServer server) {
        this.server = server;
        this.baseUrl = "http://127.0.0.1:" + server.port();
        addresses.put(baseUrl, SHOWN_ORIGIN);
        if (SandboxInternals.onDemand(server) != null) { // the host's own id first, whatever shows it first
            ids.put(SandboxInternals.onDemand(server).list(null).get(0).id(), String.format("sandbox_%020d", 1));
        }
    }

    /** Replays {@code request} of operation {@code method} on a sandbox of its own. */
    public static Answer replay(String method, JsonNode request) {
        JsonNode options = request.path("sandbox");
        SandboxServer server = SandboxInternals.serve(config(options), new RuntimeConfig.OnDemandLimits(
                options.path("max_sandboxes").asInt(RuntimeConfig.OnDemandLimits.DEFAULTS.maxSandboxes()),
                RuntimeConfig.OnDemandLimits.DEFAULTS.idleTimeout()));
        try {
            ExampleReplay replay = new ExampleReplay(server);
            for (JsonNode step : request.path("given")) {
                replay.given(step);
            }
            if (options.path("stopping").asBoolean(false)) {
                SandboxInternals.onDemand(server).close(); // what a server's stop does first: no sandbox starts any more
            }
            if (request.path("in_flight").asBoolean(false)) {
                return replay.whileTheSameIsInFlight(method, request);
            }
            return replay.answer(replay.send(method, request));
        } finally {
            server.stop();
        }
    }

    private static SandboxConfig config(JsonNode options) {
        SandboxConfig.Builder config = SandboxConfig.builder().output(SandboxConfig.Output.SILENT);
        for (Iterator<Map.Entry<String, JsonNode>> it = options.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> option = it.next();
            switch (option.getKey()) {
                case "admin_token" -> config.adminToken(option.getValue().asText());
                case "rate_limit" -> config.rateLimitPerMinute(option.getValue().asInt());
                case "max_import_bytes" -> config.maxImportBytes(option.getValue().asLong());
                case "webhooks" -> option.getValue().forEach(url -> config.webhook(url.asText()));
                case "max_sandboxes", "stopping" -> { } // the server's, not the configuration's: see replay
                default -> throw new IllegalArgumentException("no sandbox option " + option.getKey());
            }
        }
        return config.build();
    }

    /** A request that sets the scene; {@code until} repeats it (a few seconds at most) until the answer says so. */
    private void given(JsonNode step) {
        String method = step.path("method").asText();
        if (step.path("no_answer").asBoolean(false)) { // a request whose answer a fault loses: an I/O error, no status
            try {
                HttpResponse<byte[]> answered = send(method, step);
                throw new AssertionError("the step " + method + " " + step.path("path").asText() + " was meant to get no"
                        + " answer, and answered " + answered.statusCode());
            } catch (IllegalStateException expected) {
                return;
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            HttpResponse<byte[]> response = send(method, step);
            if (response.statusCode() >= 300) {
                throw new AssertionError("the step " + method + " " + step.path("path").asText() + " answered "
                        + response.statusCode() + ": " + new String(response.body(), StandardCharsets.UTF_8));
            }
            if (holds(step.path("until"), response.body())) {
                for (Iterator<Map.Entry<String, JsonNode>> it = step.path("capture").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> capture = it.next();
                    captured.put(capture.getKey(), capture(response.body(), capture.getValue()));
                }
                answer(response); // what it shows counts toward the order in which ids and addresses are shown
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
    private Answer whileTheSameIsInFlight(String method, JsonNode request) {
        CountDownLatch inHandler = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        server.runtime().events().afterCommit(batch -> {
            if (!batch.isEmpty() && inHandler.getCount() > 0) {
                inHandler.countDown();
                await(release);
            }
        });
        CompletableFuture<HttpResponse<byte[]>> first = CompletableFuture.supplyAsync(() -> send(method, request));
        try {
            if (!inHandler.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the first request never reached its handler: " + first.getNow(null));
            }
            return answer(send(method, request));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            release.countDown();
            first.join();
        }
    }

    private HttpResponse<byte[]> send(String method, JsonNode request) {
        HttpRequest.Builder http = HttpRequest.newBuilder(URI.create(baseUrl + fill(request.path("path").asText())))
                .timeout(Duration.ofSeconds(30));
        request.path("headers").fields().forEachRemaining(header -> http.header(header.getKey(), fill(header.getValue().asText())));
        http.method(method, body(request));
        try {
            return HTTP.send(http.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + request.path("path").asText() + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private HttpRequest.BodyPublisher body(JsonNode request) {
        if (request.has("body")) {
            return HttpRequest.BodyPublishers.ofString(fill(request.get("body").toString()));
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
    private String fill(String text) {
        for (Map.Entry<String, String> value : captured.entrySet()) {
            text = text.replace("{" + value.getKey() + "}", value.getValue());
        }
        return text;
    }

    private Answer answer(HttpResponse<byte[]> response) {
        String contentType = response.headers().firstValue("Content-Type").map(type -> type.split(";")[0].strip()).orElse(null);
        JsonNode body;
        if (response.body().length == 0) {
            contentType = null; // no body: whatever type a header names, there is nothing of it
            body = JsonNodeFactory.instance.missingNode();
        } else if ("application/json".equals(contentType) || (contentType != null && contentType.endsWith("+json"))) {
            body = json(response.body());
        } else if ("application/pdf".equals(contentType)) {
            body = JsonNodeFactory.instance.textNode(pdfText(response.body()));
        } else {
            body = JsonNodeFactory.instance.textNode(new String(response.body(), StandardCharsets.UTF_8));
        }
        return new Answer(response.statusCode(), contentType, normalised(body));
    }

    /**
     * What differs between two sandboxes given the same requests, and nothing else:
     * <ul>
     * <li>addresses: the sandbox's own (its port is free, chosen at start) is shown as {@link #SHOWN_ORIGIN}
     *     (a sandbox started on demand answers under a path of it, so its address is shown under it too);
     * <li>a card details token's signature (a key drawn at random per sandbox) as {@link #SHOWN_SIGNATURE};
     * <li>a webhook attempt's {@code duration_ms} (the wall-clock time of a real HTTP call) as 0;
     * <li>a sandbox on demand's id (drawn at random) as {@code sandbox_00000000000000000001} and on, in the
     *     order first seen, and its {@code created_at} (the wall clock's) as {@link #SHOWN_CREATED_AT}.
     * </ul>
     */
    JsonNode normalised(JsonNode body) {
        if (body.isTextual()) {
            String text = replaceAll(LOOPBACK, body.asText(), addresses, seen -> "http://localhost:" + (8080 + seen));
            text = replaceAll(SANDBOX_ID, text, ids, seen -> String.format("sandbox_%020d", seen + 1));
            return JsonNodeFactory.instance.textNode(TOKEN.matcher(text).replaceAll("$1." + SHOWN_SIGNATURE));
        }
        if (body instanceof ObjectNode object) {
            ObjectNode copy = object.objectNode();
            object.fields().forEachRemaining(field -> {
                JsonNode value = field.getValue();
                if (field.getKey().equals("duration_ms") && value.isNumber() && object.has("status_code")) {
                    copy.put("duration_ms", 0);
                } else if (field.getKey().equals("created_at") && object.has("base_url")) {
                    copy.put("created_at", SHOWN_CREATED_AT);
                } else {
                    copy.set(field.getKey(), normalised(value));
                }
            });
            return copy;
        }
        if (body.isArray()) {
            List<JsonNode> items = new ArrayList<>();
            body.forEach(item -> items.add(normalised(item)));
            return JsonNodeFactory.instance.arrayNode().addAll(items);
        }
        return body;
    }

    /** Each match replaced by what it was shown as before, or the first time by {@code next} of how many were seen. */
    private static String replaceAll(Pattern pattern, String text, Map<String, String> shown, IntFunction<String> next) {
        Matcher matcher = pattern.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String found = matcher.group();
            String replacement = shown.get(found);
            if (replacement == null) {
                replacement = next.apply(shown.size());
                shown.put(found, replacement);
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString();
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
