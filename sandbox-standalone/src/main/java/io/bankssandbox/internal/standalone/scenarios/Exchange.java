package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** One request a scenario sent over real HTTP, and its answer (a JSON body parsed; text kept as a string). */
record Exchange(int status, JsonNode body, Map<String, List<String>> headers) {
    /** The status of an exchange that got no answer at all. */
    static final int NO_ANSWER = 0;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    String header(String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .flatMap(e -> e.getValue().stream()).findFirst().orElse(null);
    }

    /**
     * Sends it; a failure to connect or an invalid URL is an IllegalArgumentException naming the request, a
     * connection that closes without an answer is an exchange of status {@link #NO_ANSWER}.
     */
    static Exchange send(String url, String method, Map<String, String> headers, JsonNode body) {
        HttpRequest.Builder request;
        try {
            request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a valid request path: " + url);
        }
        headers.forEach(request::header);
        try {
            // a string body is sent as it is, so a scenario can send malformed JSON on purpose
            HttpRequest.BodyPublisher publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                    : body.isTextual() ? HttpRequest.BodyPublishers.ofString(body.asText())
                    : HttpRequest.BodyPublishers.ofByteArray(Json.MAPPER.writeValueAsBytes(body));
            HttpResponse<byte[]> response = HTTP.send(request.method(method, publisher).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            String contentType = response.headers().firstValue("Content-Type").orElse("");
            JsonNode parsed;
            if (contentType.startsWith("application/json")) {
                parsed = response.body().length == 0 ? JsonNodeFactory.instance.nullNode() : Json.MAPPER.readTree(response.body());
            } else {
                parsed = TextNode.valueOf(contentType.startsWith("text/") || contentType.contains("yaml")
                        ? new String(response.body(), StandardCharsets.UTF_8) : "<" + contentType + ">");
            }
            return new Exchange(response.statusCode(), parsed, response.headers().map());
        } catch (java.net.ConnectException e) {
            throw new IllegalArgumentException(method + " " + url + " failed: " + e);
        } catch (IOException e) {
            // connected, then no answer: the connection closed (a fault's close_connection) or the wait ran out
            return new Exchange(NO_ANSWER, JsonNodeFactory.instance.nullNode(), Map.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted");
        }
    }
}
