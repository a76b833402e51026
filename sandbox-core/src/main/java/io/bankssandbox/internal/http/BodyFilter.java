package io.bankssandbox.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.javalin.http.Context;
import java.io.IOException;

/**
 * Reads the body of a POST, PUT or PATCH: up to 1 MiB (413 beyond), JSON only (415 otherwise),
 * parsed under the request limits of {@link RequestBodyParser}. An empty body reads as {@code {}}.
 * The journal keeps the client's own bytes: parsing them again gives this very tree.
 */
final class BodyFilter implements Filter {
    private static final byte[] EMPTY_OBJECT = {'{', '}'};

    @Override
    public void apply(Exchange exchange) {
        String method = exchange.method;
        if (exchange.route.streamedBody() != null) {
            stream(exchange);
            try {
                exchange.proceed();
            } finally {
                // before the unread rest is drained: the journal keeps a streamed body no larger than any other
                exchange.requestJson = exchange.requestStream.keptWhole();
            }
            return;
        }
        if ("POST".equals(method) || "PUT".equals(method) || "PATCH".equals(method)) {
            read(exchange);
        }
        exchange.proceed();
    }

    /** A body the route reads itself: JSON (415 otherwise), handed over as a stream under the route's own limit. */
    private static void stream(Exchange exchange) {
        Context ctx = exchange.ctx;
        String contentType = ctx.contentType();
        boolean hasBody = ctx.req().getContentLengthLong() > 0 || ctx.header("Transfer-Encoding") != null;
        if (hasBody && (contentType == null || !contentType.toLowerCase().startsWith("application/json"))) {
            throw ApiException.of(415, "Content-Type must be application/json");
        }
        Route.StreamLimit limit = exchange.route.streamedBody();
        try {
            exchange.requestStream = new StreamedRequestBody(ctx.req().getInputStream(), limit.bytes(), limit.name());
        } catch (IOException e) {
            throw ApiException.badRequest("Request body could not be read");
        }
    }

    private static void read(Exchange exchange) {
        Context ctx = exchange.ctx;
        byte[] bytes;
        try {
            bytes = BodyReader.read(ctx.req().getInputStream(), ctx.req().getContentLengthLong());
        } catch (IOException e) {
            throw ApiException.badRequest("Request body could not be read");
        }
        exchange.bodyReadWhole = true;
        if (bytes.length == 0 || isBlank(bytes)) {
            empty(exchange);
            return;
        }
        String contentType = ctx.contentType();
        if (contentType == null || !contentType.toLowerCase().startsWith("application/json")) {
            throw ApiException.of(415, "Content-Type must be application/json");
        }
        JsonNode body = RequestBodyParser.parse(bytes);
        if (body == null || body.isMissingNode()) {
            empty(exchange);
            return;
        }
        exchange.requestBody = body;
        exchange.requestJson = bytes;
    }

    private static void empty(Exchange exchange) {
        exchange.requestBody = JsonNodeFactory.instance.objectNode();
        exchange.requestJson = EMPTY_OBJECT;
    }

    /**
     * Drains a body nobody read (a GET's, or one refused before it was read). HTTP/1.1: a request
     * with neither Content-Length nor Transfer-Encoding has no body (most GETs), so there is nothing
     * to drain and no buffer to allocate.
     */
    static void discardUnread(Context ctx) {
        if (ctx.req().getContentLengthLong() <= 0 && ctx.header("Transfer-Encoding") == null) {
            return;
        }
        try {
            BodyReader.discard(ctx.req().getInputStream());
        } catch (IOException e) {
            // the client went away while sending a body nobody reads: nothing to answer it
        }
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }
}
