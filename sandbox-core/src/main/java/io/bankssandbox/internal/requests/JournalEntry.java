package io.bankssandbox.internal.requests;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One /v0 request the sandbox served, as the journal keeps it ({@code GET /_sandbox/requests},
 * {@code sandbox.journal().entries()}): its number among /v0 requests, when it arrived, the method,
 * the request target with its query string, the Idempotency-Key, both bodies (null when there was
 * none) and the status, as the client got them; and when a scripted fault answered, what it did
 * ({@code fault}, else null). A connection the fault closed answered nothing: status 0 (as an HTTP
 * archive records a request without a response) and no body. Never an Authorization value.
 */
public record JournalEntry(long sequence, Instant at, String method, String path, String idempotencyKey,
                           JsonNode requestBody, int status, JsonNode responseBody, Faulted fault) {

    /** An exchange no fault met. */
    public JournalEntry(long sequence, Instant at, String method, String path, String idempotencyKey,
                        JsonNode requestBody, int status, JsonNode responseBody) {
        this(sequence, at, method, path, idempotencyKey, requestBody, status, responseBody, null);
    }

    /**
     * What a scripted fault did to the exchange: whether the request was processed first and the
     * connection closed; for a request processed first, the answer it really had (its status and body,
     * what a retry with the same Idempotency-Key replays), which the client never saw.
     */
    public record Faulted(boolean afterProcessing, boolean closeConnection, Integer processedStatus,
                          JsonNode processedBody) {}

    /** Whether this entry is a request {@code method} and {@code path} pick, as {@link RequestPattern} says. */
    public boolean matches(String method, String path) {
        return RequestPattern.matches(method, path, this.method, this.path);
    }
}
