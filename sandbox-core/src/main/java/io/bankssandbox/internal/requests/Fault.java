package io.bankssandbox.internal.requests;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A scripted failure ({@code POST /_sandbox/faults}, {@code sandbox.faults().inject(...)}): the next
 * {@code times} /v0 requests that {@code method} and {@code path} pick ({@link RequestPattern}) get
 * {@code status}, {@code body} (null: the status's usual error body) and {@code headers} after
 * {@code delayMs}, standing for the network or the service failing. By default the fault answers
 * before auth and validation, and the request changes nothing; {@code afterProcessing} processes the
 * request first (its changes kept, its idempotency key stored with the real answer) and then replaces
 * the answer, the delay counting from then. {@code closeConnection} answers nothing at all: the
 * connection is reset ({@code status}, which may then be null, is not sent). What the request schema
 * allows together (no body or headers on a closed connection, a status otherwise, no header the
 * sandbox frames the answer with) is the OpenAPI document's {@code FaultRequest}.
 */
public record Fault(String method, String path, Integer status, JsonNode body, Map<String, String> headers,
                    long delayMs, boolean afterProcessing, boolean closeConnection, int times) {

    public Fault {
        method = method.toUpperCase(Locale.ROOT); // as requests name methods
        body = body == null || body.isNull() ? null : body; // a JSON null read back from a list is no body
        headers = headers == null || headers.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** A fault from the body {@code POST /_sandbox/faults} took (already valid against its schema). */
    public static Fault fromRequest(JsonNode body) {
        Map<String, String> headers = new LinkedHashMap<>();
        body.path("headers").fields().forEachRemaining(header -> headers.put(header.getKey(), header.getValue().asText()));
        JsonNode answer = body.get("body");
        return new Fault(body.get("method").asText(), body.get("path").asText(),
                body.hasNonNull("status") ? body.get("status").asInt() : null, answer == null || answer.isNull() ? null : answer,
                headers, body.path("delay_ms").asLong(0), body.path("after_processing").asBoolean(false),
                body.path("close_connection").asBoolean(false), body.path("times").asInt(1));
    }

    /** Whether it hits the request {@code requestMethod requestTarget}. */
    public boolean matches(String requestMethod, String requestTarget) {
        return RequestPattern.matches(method, path, requestMethod, requestTarget);
    }

    /** The same fault for {@code count} more requests. */
    public Fault times(int count) {
        return new Fault(method, path, status, body, headers, delayMs, afterProcessing, closeConnection, count);
    }
}
