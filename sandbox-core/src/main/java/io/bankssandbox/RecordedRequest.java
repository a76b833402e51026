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
 * @param responseBody null for an answer that is not JSON
 */
public record RecordedRequest(long sequence, Instant at, String method, String path, String idempotencyKey,
                              String requestBody, int status, String responseBody) {}
