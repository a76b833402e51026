package io.bankssandbox;

import java.time.Instant;

/**
 * One {@code /v0} request the sandbox served and what it answered, from its journal
 * ({@code GET /_sandbox/requests}). Bodies are JSON text (compact), as read and as answered; an
 * Authorization value is never kept.
 *
 * @param path the request target, with its query string
 * @param idempotencyKey the request's {@code Idempotency-Key}, or null
 * @param requestBody null for a request without a body
 * @param status the status the client got; 0 when a {@link Fault} closed the connection with no answer
 * @param responseBody null for an answer that is not JSON, or none
 * @param fault what a scripted {@link Fault} did to this request, or null when none met it
 */
public record RecordedRequest(long sequence, Instant at, String method, String path, String idempotencyKey,
                              String requestBody, int status, String responseBody, ServedFault fault) {

    /**
     * What a scripted fault did to a request: whether the request was processed first and whether the
     * connection was closed; for a request processed first, its real answer, which the client never got
     * (what a retry with the same {@code Idempotency-Key} replays).
     *
     * @param processedStatus the real answer's status, or null when the request was not processed
     * @param processedBody the real answer's JSON text, or null
     */
    public record ServedFault(boolean afterProcessing, boolean closeConnection, Integer processedStatus,
                              String processedBody) {}

    /** Whether the client got no answer at all: a fault closed the connection. */
    public boolean connectionClosed() {
        return fault != null && fault.closeConnection();
    }
}
