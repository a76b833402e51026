package io.bankssandbox.internal.requests;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A scripted failure ({@code POST /_sandbox/faults}, {@code sandbox.faults().inject(...)}): the next
 * {@code times} /v0 requests that {@code method} and {@code path} pick ({@link RequestPattern}) get
 * {@code status} and {@code body} (null: the status's usual error body) after {@code delayMs}, before
 * auth and validation, standing for the network or the service failing.
 */
public record Fault(String method, String path, int status, JsonNode body, long delayMs, int times) {

    /** One request matching {@code method} and {@code path} gets {@code status}, at once. */
    public static Fault of(String method, String path, int status) {
        return new Fault(method, path, status, null, 0, 1);
    }

    /** The same fault answering {@code body} (a JSON document) instead of the status's usual error body. */
    public Fault withBody(JsonNode answer) {
        return new Fault(method, path, status, answer, delayMs, times);
    }

    /** The same fault, answered after {@code millis} milliseconds. */
    public Fault delayedBy(long millis) {
        return new Fault(method, path, status, body, millis, times);
    }

    /** The same fault for the next {@code count} matching requests. */
    public Fault times(int count) {
        return new Fault(method, path, status, body, delayMs, count);
    }

    /** Whether it hits the request {@code requestMethod requestTarget}. */
    public boolean matches(String requestMethod, String requestTarget) {
        return RequestPattern.matches(method, path, requestMethod, requestTarget);
    }
}
