package io.bankssandbox.internal.http;

/**
 * What a route answers. A created resource names itself ({@code kind}, {@code id}) so that an
 * idempotent replay can answer the resource's current state rather than a stale copy.
 */
public record ApiResponse(int status, Object body, String contentType, String replayKind, String replayId) {
    public static final String JSON = "application/json";

    public static ApiResponse ok(Object body) {
        return new ApiResponse(200, body, JSON, null, null);
    }

    public static ApiResponse created(Object body, String kind, String id) {
        return new ApiResponse(201, body, JSON, kind, id);
    }

    /** 204: done, nothing to show. */
    public static ApiResponse noContent() {
        return new ApiResponse(204, null, null, null, null);
    }

    /** A body that is not JSON: {@code body} is a byte[] or a String. */
    public static ApiResponse raw(String contentType, Object body) {
        return new ApiResponse(200, body, contentType, null, null);
    }
}
