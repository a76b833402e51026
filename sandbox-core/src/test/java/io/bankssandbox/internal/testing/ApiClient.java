package io.bankssandbox.internal.testing;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * A small HTTP client for tests: real requests over loopback, answers parsed as JSON, and every
 * answer checked against the OpenAPI document the sandbox serves (see {@link OpenApiContract}).
 */
public final class ApiClient {
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1) // what API clients speak to it; no h2c upgrade dance on each new connection
            .connectTimeout(Duration.ofSeconds(30)).build();
    /**
     * Reads answers as a client would, with Jackson's default limits: the sandbox's own parse limits
     * are for request bodies, and an answer may nest deeper (the journal wraps request bodies).
     */
    static final com.fasterxml.jackson.databind.ObjectMapper ANSWERS = new com.fasterxml.jackson.databind.ObjectMapper();

    private final String baseUrl;
    private final String apiKey;
    private final OpenApiContract contract;

    public ApiClient(String baseUrl, String apiKey) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey;
        this.contract = OpenApiContract.forSandbox(baseUrl);
    }

    public ApiClient as(String otherKey) {
        return new ApiClient(baseUrl, otherKey);
    }

    public String baseUrl() {
        return baseUrl;
    }

    public Response get(String path) {
        return send("GET", path, null, Map.of());
    }

    public Response delete(String path) {
        return send("DELETE", path, null, Map.of());
    }

    /** A POST with a fresh Idempotency-Key. */
    public Response post(String path, Object body) {
        return post(path, body, "test-" + UUID.randomUUID());
    }

    public Response post(String path, Object body, String idempotencyKey) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        if (idempotencyKey != null) {
            headers.put("Idempotency-Key", idempotencyKey);
        }
        return send("POST", path, body, headers);
    }

    public Response put(String path, Object body) {
        return send("PUT", path, body, Map.of("Content-Type", "application/json"));
    }

    /**
     * The request {@link #send} sends, for a test that sends it itself (to see the I/O error of a connection
     * a fault closed, say); {@code body} may be a String (sent verbatim), a byte array, a JsonNode or any object.
     */
    public HttpRequest request(String method, String path, Object body, Map<String, String> headers) {
        // generous: only a request that never ends reaches it (on two cores at load 40 a PDF took over 30 s)
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(120));
        if (apiKey != null && !headers.containsKey("Authorization")) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        headers.forEach(request::header);
        try {
            HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                    : body instanceof String text ? HttpRequest.BodyPublishers.ofString(text)
                    : body instanceof byte[] bytes ? HttpRequest.BodyPublishers.ofByteArray(bytes)
                    : HttpRequest.BodyPublishers.ofByteArray(Json.MAPPER.writeValueAsBytes(body));
            return request.method(method, publisher).build();
        } catch (IOException e) {
            throw new IllegalStateException("not JSON: " + body, e);
        }
    }

    /** A POST with a JSON body and this Idempotency-Key, as {@link #request} builds it. */
    public HttpRequest postRequest(String path, Object body, String idempotencyKey) {
        return request("POST", path, body, Map.of("Content-Type", "application/json", "Idempotency-Key", idempotencyKey));
    }

    /** Any request; {@code body} may be a String (sent verbatim), a JsonNode or any object. */
    public Response send(String method, String path, Object body, Map<String, String> headers) {
        try {
            HttpResponse<byte[]> response = HTTP.send(request(method, path, body, headers),
                    HttpResponse.BodyHandlers.ofByteArray());
            Response answer = new Response(method, path, response.statusCode(), response.body(), response.headers().map());
            contract.check(answer);
            return answer;
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A parsed answer. */
    public record Response(String method, String path, int status, byte[] bytes, Map<String, java.util.List<String>> headers) {
        public JsonNode json() {
            try {
                return ANSWERS.readTree(bytes);
            } catch (IOException e) {
                throw new IllegalStateException("not JSON: " + text(), e);
            }
        }

        public String text() {
            return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        }

        public Optional<String> header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream()).findFirst();
        }

        @Override
        public String toString() {
            return method + " " + path + " -> " + status + " " + text();
        }
    }
}
