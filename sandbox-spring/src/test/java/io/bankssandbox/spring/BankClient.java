package io.bankssandbox.spring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** What an application's client of the bank looks like: built from two properties, calling over loopback. */
record BankClient(String baseUrl, String apiKey) {
    // the JDK client's threads are daemons: one for every test leaves nothing behind
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** The status of {@code GET path}, or -1 when nothing listens at the base URL any more. */
    int get(String path) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + path))
                    .header("Authorization", "Bearer " + apiKey).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (ConnectException e) {
            return -1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
