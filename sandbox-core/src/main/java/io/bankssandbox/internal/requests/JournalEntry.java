package io.bankssandbox.internal.requests;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One /v0 request the sandbox served, as the journal keeps it ({@code GET /_sandbox/requests},
 * {@code sandbox.journal().entries()}): its number among /v0 requests, when it arrived, the method,
 * the request target with its query string, the Idempotency-Key, both bodies (null when there was
 * none) and the status. Never an Authorization value.
 */
public record JournalEntry(long sequence, Instant at, String method, String path, String idempotencyKey,
                           JsonNode requestBody, int status, JsonNode responseBody) {

    /** Whether this entry is a request {@code method} and {@code path} pick, as {@link RequestPattern} says. */
    public boolean matches(String method, String path) {
        return RequestPattern.matches(method, path, this.method, this.path);
    }
}
