package io.bankssandbox.http;

import io.bankssandbox.openapi.OpenApiDocument;

/**
 * A documented operation and what serves it: the error shape of its family of routes, the command
 * record its body binds to (null when it takes none), and the route's handler. {@code operation} is
 * null for an unknown route.
 */
record Route(OpenApiDocument.Operation operation, ErrorShape shape, CommandBinding command, RouteHandler handler) {}
