package com.example.payouts;

import io.bankssandbox.Sandbox;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** The user's own HTTP calls: plain JDK client, base URL and key from the sandbox. */
final class Api {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Api() {}

    static HttpResponse<String> get(Sandbox sandbox, String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + sandbox.apiKey()).build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(Sandbox sandbox, String path, String json, String idempotencyKey)
            throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + sandbox.apiKey())
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", idempotencyKey)
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
