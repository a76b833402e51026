package io.bankssandbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How the sections of a {@linkplain Sandbox#connect(URI) connected} handle reach a sandbox that runs
 * elsewhere: its control API ({@code /_sandbox/...}) and the operator's reads of {@code /v0} (header
 * {@code Banks-Sandbox-Read: operator}: every entity, not journaled, never faulted), with the admin token
 * when there is one. An answer that is not 2xx becomes the {@link SandboxException} of its status and the
 * messages of its body; a server that does not answer, an {@link UncheckedIOException} naming it.
 */
final class ControlApi {
    /** Long enough for a big state document on a loaded machine; a dead server fails long before, on connect. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
    private static final String OPERATOR_READ = "Banks-Sandbox-Read";
    /** Request bodies leave absent fields out, as a client writing the body by hand would. */
    private static final ObjectMapper BODIES = Json.MAPPER.copy().setSerializationInclusion(JsonInclude.Include.NON_NULL);

    /** One pool for every connected handle of the JVM: a client holds threads and connections, and no sandbox state. */
    private static final class Shared {
        static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
    }

    private final String base;
    private final String adminToken;

    ControlApi(String base, String adminToken) {
        this.base = base;
        this.adminToken = adminToken;
    }

    String base() {
        return base;
    }

    String adminToken() {
        return adminToken;
    }

    /** A path segment as a URL carries it: an id with a space or a slash stays one segment. */
    static String segment(String value) {
        return URLEncoder.encode(String.valueOf(value), StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** {@code path} with {@code name=value} added to its query, or as it is for a null value (no filter). */
    static String query(String path, String name, Object value) {
        return value == null ? path : path + (path.contains("?") ? "&" : "?") + name + "=" + segment(String.valueOf(value));
    }

    JsonNode get(String path) {
        return parse(send(request(path).GET(), path));
    }

    /** A {@code /v0} read as the operator sees it; an answer that is not JSON (an 835) as text. */
    String getText(String path) {
        return send(request(path).GET(), path);
    }

    /** A POST with {@code body} as JSON; none (null) sends no body, as the route's examples do. */
    JsonNode post(String path, Object body) {
        HttpRequest.Builder request = request(path);
        if (body == null) {
            request.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            request.POST(json(body)).header("Content-Type", "application/json");
        }
        return parse(send(request, path));
    }

    JsonNode delete(String path) {
        return parse(send(request(path).DELETE(), path));
    }

    /** Every item of a paged list ({@code {data, has_next, cursor}}), page after page. */
    List<JsonNode> everyPage(String path) {
        List<JsonNode> items = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = get(path + (path.contains("?") ? "&" : "?") + "limit=100"
                    + (cursor == null ? "" : "&cursor=" + segment(cursor)));
            page.path("data").forEach(items::add);
            cursor = page.path("has_next").asBoolean() ? page.path("cursor").asText() : null;
        } while (cursor != null);
        return items;
    }

    /** The answer's body as it arrives, for the caller to read and close. */
    InputStream open(String path) throws IOException {
        HttpResponse<InputStream> response = exchange(request(path).GET(), path, HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() / 100 != 2) {
            try (InputStream body = response.body()) {
                throw refusal(response.statusCode(), new String(body.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return response.body();
    }

    /** Sends {@code in} as the body of a PUT as it is read. */
    JsonNode upload(String path, InputStream in) {
        return parse(send(request(path).PUT(HttpRequest.BodyPublishers.ofInputStream(() -> in))
                .header("Content-Type", "application/json"), path));
    }

    JsonNode put(String path, Object body) {
        return parse(send(request(path).PUT(json(body)).header("Content-Type", "application/json"), path));
    }

    <T> T decode(JsonNode node, Class<T> type) {
        try {
            return Json.MAPPER.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the sandbox at " + base + " answered a " + type.getSimpleName()
                    + " this client cannot read (another version?): " + e.getOriginalMessage(), e);
        }
    }

    /** Each item of {@code nodes} (a JSON array, a page's items) as {@code type}. */
    <T> List<T> decodeEach(Iterable<JsonNode> nodes, Class<T> type) {
        List<T> items = new ArrayList<>();
        nodes.forEach(node -> items.add(decode(node, type)));
        return items;
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(REQUEST_TIMEOUT)
                .header("Accept", "application/json, text/plain, */*");
        if (path.startsWith("/v0/")) {
            request.header(OPERATOR_READ, "operator");
        }
        if (adminToken != null) {
            request.header("Authorization", "Bearer " + adminToken);
        }
        return request;
    }

    private static HttpRequest.BodyPublisher json(Object body) {
        try {
            return HttpRequest.BodyPublishers.ofByteArray(body instanceof JsonNode node ? Json.MAPPER.writeValueAsBytes(node)
                    : BODIES.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write the request body: " + e.getOriginalMessage(), e);
        }
    }

    private String send(HttpRequest.Builder request, String path) {
        HttpResponse<String> response = exchange(request, path, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw refusal(response.statusCode(), response.body());
        }
        return response.body();
    }

    private <T> HttpResponse<T> exchange(HttpRequest.Builder builder, String path, HttpResponse.BodyHandler<T> body) {
        HttpRequest request = builder.build();
        try {
            return Shared.HTTP.send(request, body);
        } catch (IOException e) {
            throw new UncheckedIOException("the Banks Sandbox at " + base + " did not answer " + request.method() + " "
                    + path + " (" + e + "): is it still running?", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + request.method() + " " + path, e);
        }
    }

    private JsonNode parse(String body) {
        try {
            return body.isEmpty() ? Json.MAPPER.nullNode() : Json.MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the sandbox at " + base + " answered what is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * The route's refusal as the in-process handle throws it: the status, and the body's {@code message}
     * (one or a list, the NestJS shape) or {@code error} (the external accounts' shape).
     */
    private SandboxException refusal(int status, String body) {
        List<String> messages = new ArrayList<>();
        try {
            JsonNode error = Json.MAPPER.readTree(body);
            JsonNode message = error.has("message") ? error.get("message") : error.path("error");
            if (message.isArray()) {
                message.forEach(m -> messages.add(m.asText()));
            } else if (message.isTextual()) {
                messages.add(message.asText());
            }
        } catch (JsonProcessingException | RuntimeException notJson) {
            // a proxy's page, not the sandbox's answer: its text is what there is to say
        }
        if (messages.isEmpty()) {
            messages.add(body.isBlank() ? "HTTP " + status : body.strip());
        }
        return new SandboxException(status, messages);
    }
}
