package io.bankssandbox.junit5;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.state.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;

/** Real requests to a sandbox over loopback, as the code under test would make them. */
final class Http {
    // the JDK client's threads are daemons: sharing it leaves nothing for the clean-shutdown checks
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private Http() {}

    record Response(int status, JsonNode body) {}

    static Response get(Sandbox sandbox, String path) {
        return send(sandbox, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path)).GET());
    }

    static Response post(Sandbox sandbox, String path, Object body) {
        return post(sandbox, path, body, "test-" + UUID.randomUUID());
    }

    static Response post(Sandbox sandbox, String path, Object body, String idempotencyKey) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", idempotencyKey)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(Json.MAPPER.writeValueAsBytes(body)));
            return send(sandbox, request);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Response send(Sandbox sandbox, HttpRequest.Builder request) {
        try {
            HttpResponse<byte[]> response = CLIENT.send(request.header("Authorization", "Bearer " + sandbox.apiKey())
                    .build(), HttpResponse.BodyHandlers.ofByteArray());
            JsonNode body = response.body().length == 0 ? null : Json.MAPPER.readTree(response.body());
            return new Response(response.statusCode(), body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
