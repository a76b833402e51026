package io.bankssandbox;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A scripted failure ({@code POST /_sandbox/faults}): the next {@code times} requests matching
 * {@code method} and {@code path} get {@code status} (and {@code body}, JSON text, and {@code headers},
 * if given) after {@code delayMs}, as when the network or the service fails. By default the fault
 * answers before authentication and validation, and the request changes nothing.
 * {@link #afterProcessing(boolean) afterProcessing} processes the request first (its changes kept, its
 * {@code Idempotency-Key} stored with the real answer) and then answers with the fault;
 * {@link #closingConnection closingConnection} answers nothing at all: the connection is reset.
 * Both together are the lost answer ({@link #lostAnswer}), after which a retry with the same key gets
 * the stored result and creates nothing.
 *
 * <pre>{@code
 * sandbox.faults().inject(Fault.of("GET", "/v0/accounts", 503).withHeader("Retry-After", "1").times(2));
 * sandbox.faults().inject(Fault.lostAnswer("POST", "/v0/cards"));
 * }</pre>
 *
 * @param method {@code GET}, {@code POST} ... or {@code *} for any
 * @param path a request path; one ending in {@code *} matches as a prefix, and without a {@code ?} the
 *     request's query string is ignored
 * @param status the answer's status; null only when the fault closes the connection
 * @param body the answer's JSON body; null for the status's error body
 * @param headers headers the answer carries ({@code Retry-After}); not those that frame it
 *     ({@code Content-Length}, {@code Content-Type}, {@code Connection} ...), nor any on a closed connection
 * @param afterProcessing whether the request is processed before the fault answers instead
 * @param closeConnection whether the connection is reset with no answer
 */
public record Fault(String method, String path, Integer status, String body, Map<String, String> headers,
                    long delayMs, boolean afterProcessing, boolean closeConnection, int times) {

    public Fault {
        headers = headers == null || headers.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** One failure with the status and its default body. */
    public static Fault of(String method, String path, int status) {
        return new Fault(method, path, status, null, Map.of(), 0, false, false, 1);
    }

    /** One request whose connection is reset with no answer, before it is processed. */
    public static Fault closingConnection(String method, String path) {
        return new Fault(method, path, null, null, Map.of(), 0, false, true, 1);
    }

    /**
     * The lost answer: one request processed (its changes kept, its {@code Idempotency-Key} stored),
     * then its connection reset before the answer leaves.
     */
    public static Fault lostAnswer(String method, String path) {
        return closingConnection(method, path).afterProcessing(true);
    }

    /** The same fault, answering {@code json}. */
    public Fault withBody(String json) {
        return new Fault(method, path, status, json, headers, delayMs, afterProcessing, closeConnection, times);
    }

    /** The same fault, its answer carrying the header {@code name: value} too. */
    public Fault withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new Fault(method, path, status, body, more, delayMs, afterProcessing, closeConnection, times);
    }

    /** The same fault, answered (or the connection closed) after {@code millis}. */
    public Fault delayedBy(long millis) {
        return new Fault(method, path, status, body, headers, millis, afterProcessing, closeConnection, times);
    }

    /**
     * The same fault, {@code true}: after the request was processed (its changes kept), in place of its
     * answer; {@code false}: before it is processed.
     */
    public Fault afterProcessing(boolean processedFirst) {
        return new Fault(method, path, status, body, headers, delayMs, processedFirst, closeConnection, times);
    }

    /** The same fault, for the next {@code count} matching requests. */
    public Fault times(int count) {
        return new Fault(method, path, status, body, headers, delayMs, afterProcessing, closeConnection, count);
    }
}
