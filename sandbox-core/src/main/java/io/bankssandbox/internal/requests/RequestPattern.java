package io.bankssandbox.internal.requests;

/**
 * How a fault ({@code POST /_sandbox/faults}) and a journal query ({@code Journal.requests}) pick
 * requests: method {@code *} or equal ignoring case; a path that ends in {@code *} matches as a
 * prefix, any other path exactly. A pattern without {@code ?} ignores the request's query string,
 * so {@code /v0/accounts} stands for {@code /v0/accounts?entity_id=...} too.
 */
public final class RequestPattern {
    private RequestPattern() {}

    public static boolean matches(String method, String path, String requestMethod, String requestTarget) {
        if (!"*".equals(method) && !method.equalsIgnoreCase(requestMethod)) {
            return false;
        }
        String compared = requestTarget;
        int query = requestTarget.indexOf('?');
        if (query >= 0 && path.indexOf('?') < 0) {
            compared = requestTarget.substring(0, query);
        }
        return path.endsWith("*") ? compared.startsWith(path.substring(0, path.length() - 1)) : compared.equals(path);
    }
}
