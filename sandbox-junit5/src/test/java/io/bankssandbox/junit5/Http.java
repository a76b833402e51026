package io.bankssandbox.junit5;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import com.fasterxml.jackson.databind.ObjectMapper;
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
    private static final ObjectMapper JSON = new ObjectMapper();

    private Http() {}

    record Response(int status, JsonNode body) {}

    static Response get(Sandbox sandbox, String path) {
        return send(sandbox, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path)).GET());
    }

    static Response get(Sandbox sandbox, String path, String apiKey) {
        return send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path)).GET(), apiKey);
    }

    /** A card on the sandbox's first account, created with this Idempotency-Key. */
    static Response createCard(Sandbox sandbox, String idempotencyKey) {
        String account = sandbox.accounts().all().get(0).id();
        return post(sandbox, "/v0/cards", java.util.Map.of("bank_account_id", account, "nickname", "Supplies",
                "authorization_controls", java.util.Map.of("usage", java.util.Map.of("category", "multi_use",
                        "multi_use", java.util.Map.of("spending_limits", java.util.List.of(
                                java.util.Map.of("interval", "per_transaction", "amount", 5_000)))))), idempotencyKey);
    }

    static Response post(Sandbox sandbox, String path, Object body) {
        return post(sandbox, path, body, "test-" + UUID.randomUUID());
    }

    static Response post(Sandbox sandbox, String path, Object body, String idempotencyKey) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", idempotencyKey)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
            return send(sandbox, request);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Response send(Sandbox sandbox, HttpRequest.Builder request) {
        return send(request, sandbox.apiKey());
    }

    private static Response send(HttpRequest.Builder request, String apiKey) {
        try {
            HttpResponse<byte[]> response = CLIENT.send(request.header("Authorization", "Bearer " + apiKey)
                    .build(), HttpResponse.BodyHandlers.ofByteArray());
            JsonNode body = response.body().length == 0 ? null : JSON.readTree(response.body());
            return new Response(response.statusCode(), body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
