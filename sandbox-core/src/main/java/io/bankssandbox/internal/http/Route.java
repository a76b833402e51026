package io.bankssandbox.internal.http;

import io.bankssandbox.internal.openapi.OpenApiDocument;

/**
 * A documented operation and what serves it: the error shape of its family of routes, the command
 * record its body binds to (null when it takes none), and the route's handler. {@code operation} is
 * null for an unknown route. {@code streamedBody}, when not null, says the route reads its body
 * itself as a stream (up to its limit), instead of the pipeline reading and checking it whole.
 */
record Route(OpenApiDocument.Operation operation, ErrorShape shape, CommandBinding command, RouteHandler handler,
             StreamLimit streamedBody) {

    Route(OpenApiDocument.Operation operation, ErrorShape shape, CommandBinding command, RouteHandler handler) {
        this(operation, shape, command, handler, null);
    }

    /** How large a streamed body may be, and how the 413 names that limit. */
    record StreamLimit(long bytes, String name) {}
}
