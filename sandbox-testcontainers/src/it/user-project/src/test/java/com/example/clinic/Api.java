package com.example.clinic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;

/** The application under test's side: plain HTTP to the bank's /v0 API at a base URL with a key. */
final class Api {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final String baseUrl;
    private final String key;

    Api(String baseUrl, String key) {
        this.baseUrl = baseUrl;
        this.key = key;
    }

    JsonNode post(String path, Object body) {
        try {
            HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(baseUrl + path))
                    .header("Content-Type", "application/json")
                    .header("Idempotency-Key", UUID.randomUUID().toString())
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
            if (answer.statusCode() / 100 != 2) {
                throw new AssertionError("POST " + path + " answered " + answer.statusCode() + ": " + answer.body());
            }
            return JSON.readTree(answer.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    int status(String path) {
        return send(HttpRequest.newBuilder(URI.create(baseUrl + path))).statusCode();
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.header("Authorization", "Bearer " + key).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
