package io.bankssandbox.internal.requests;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A scripted failure ({@code POST /_sandbox/faults}, {@code sandbox.faults().inject(...)}): the next
 * {@code times} /v0 requests that {@code method} and {@code path} pick ({@link RequestPattern}) get
 * {@code status} and {@code body} (null: the status's usual error body) after {@code delayMs}, before
 * auth and validation, standing for the network or the service failing.
 */
public record Fault(String method, String path, int status, JsonNode body, long delayMs, int times) {

    /** Whether it hits the request {@code requestMethod requestTarget}. */
    public boolean matches(String requestMethod, String requestTarget) {
        return RequestPattern.matches(method, path, requestMethod, requestTarget);
    }
}
