package io.bankssandbox.internal.standalone;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Plain requests to a sandbox (a process, or one started in this JVM). */
public final class Http {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

    /** A plain Jackson mapper: the tests read what the sandbox answers as any HTTP client would. */
    public static final ObjectMapper JSON = new ObjectMapper();

    private Http() {}

    public static HttpResponse<String> send(String url, String method, String bearer, String idempotencyKey, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(120));
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    public static HttpResponse<String> get(String url, String bearer) throws IOException, InterruptedException {
        return send(url, "GET", bearer, null, null);
    }
}
