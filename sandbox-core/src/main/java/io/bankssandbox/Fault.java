package io.bankssandbox;

/**
 * A scripted failure ({@code POST /_sandbox/faults}): the next {@code times} requests matching
 * {@code method} and {@code path} get {@code status} (and {@code body}, JSON text, if given) after
 * {@code delayMs}, before authentication and validation, as when the network or the service fails.
 *
 * <pre>{@code
 * sandbox.faults().inject(Fault.of("GET", "/v0/accounts", 503).times(2));
 * }</pre>
 *
 * @param method {@code GET}, {@code POST} ... or {@code *} for any
 * @param path a request path; one ending in {@code *} matches as a prefix, and without a {@code ?} the
 *     request's query string is ignored
 */
public record Fault(String method, String path, int status, String body, long delayMs, int times) {

    /** One failure with the status and its default body. */
    public static Fault of(String method, String path, int status) {
        return new Fault(method, path, status, null, 0, 1);
    }

    /** The same fault, answering {@code json}. */
    public Fault withBody(String json) {
        return new Fault(method, path, status, json, delayMs, times);
    }

    /** The same fault, answered after {@code millis}. */
    public Fault delayedBy(long millis) {
        return new Fault(method, path, status, body, millis, times);
    }

    /** The same fault, for the next {@code count} matching requests. */
    public Fault times(int count) {
        return new Fault(method, path, status, body, delayMs, count);
    }
}
