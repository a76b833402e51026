package io.bankssandbox.internal.http;

import io.bankssandbox.internal.state.Json;
import io.javalin.http.Context;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Writes the answer once: a JSON body is serialized straight from the route's objects (no
 * intermediate tree) and its bytes kept for the journal; an error in the route's documented shape;
 * any other body as it is; a fault's headers with its answer, or for a fault that closes the
 * connection no answer at all. Drains a body nobody read, whatever refused the request before reading it.
 */
final class WriteFilter implements Filter {
    @Override
    public void apply(Exchange exchange) {
        try {
            exchange.proceed();
        } finally {
            if (!exchange.bodyReadWhole) {
                BodyFilter.discardUnread(exchange.ctx);
            }
            exchange.responseJson = write(exchange);
        }
    }

    private static byte[] write(Exchange exchange) {
        Context ctx = exchange.ctx;
        if (exchange.fault != null) {
            if (exchange.resetsConnection()) {
                return null; // nothing is written: the pipeline resets the connection once the exchange is journaled
            }
            exchange.fault.fault().headers().forEach(ctx::header);
        }
        ApiException error = exchange.error;
        if (error != null) {
            if (error.retryAfterSeconds() != null) {
                ctx.header("Retry-After", String.valueOf(error.retryAfterSeconds()));
            }
            if (error.status() == 413) {
                ctx.header("Connection", "close");
            }
            return json(ctx, error.status(), exchange.route.shape().render(error));
        }
        if (exchange.replayed) {
            ctx.header("Idempotency-Replayed", "true");
        }
        if (exchange.status == 204) {
            ctx.status(204);
            return null;
        }
        if (exchange.body instanceof StreamingBody streaming) {
            ctx.status(exchange.status).contentType("application/json; charset=utf-8");
            try {
                streaming.writeTo(ctx.outputStream());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e); // the client went away mid-answer
            }
            return serialize("<streamed " + exchange.contentType + ">");
        }
        if (ApiResponse.JSON.equals(exchange.contentType)) {
            return json(ctx, exchange.status, exchange.body);
        }
        ctx.status(exchange.status).contentType(utf8(exchange.contentType));
        // text is sent as UTF-8 bytes, whatever the servlet's default (ISO-8859-1 would write é as 0xE9, an emoji as ?)
        ctx.result(exchange.body instanceof byte[] bytes ? bytes
                : String.valueOf(exchange.body).getBytes(StandardCharsets.UTF_8));
        // the journal notes what kind of body went out, not the document itself
        return serialize("<" + exchange.contentType + ">");
    }

    /**
     * The answer as {@link #write} would journal it, without sending anything: what a fault after
     * processing keeps of the real answer it replaces.
     */
    static byte[] answerJson(Exchange exchange) {
        if (exchange.error != null) {
            return serialize(exchange.route.shape().render(exchange.error));
        }
        if (exchange.status == 204) {
            return null;
        }
        if (exchange.body instanceof StreamingBody) {
            return serialize("<streamed " + exchange.contentType + ">");
        }
        return serialize(ApiResponse.JSON.equals(exchange.contentType) ? exchange.body : "<" + exchange.contentType + ">");
    }

    /**
     * A textual media type says its charset, UTF-8 (every text the sandbox writes is); binary ones (a
     * PDF) stay as they are.
     */
    static String utf8(String contentType) {
        String type = contentType.toLowerCase(Locale.ROOT);
        boolean text = type.startsWith("text/") || type.startsWith("application/json") || type.contains("+json")
                || type.contains("+xml") || type.startsWith("application/yaml") || type.startsWith("application/xml")
                || type.startsWith("application/javascript");
        return text && !type.contains("charset=") ? contentType + "; charset=utf-8" : contentType;
    }

    static byte[] json(Context ctx, int status, Object body) {
        byte[] bytes = serialize(body);
        ctx.status(status).contentType("application/json; charset=utf-8");
        send(ctx, bytes);
        return bytes;
    }

    /**
     * Straight into Javalin's output stream, which still gzips for a client that asks: a result set
     * with {@code ctx.result} would be copied there through a buffer Javalin allocates per request.
     */
    private static void send(Context ctx, byte[] bytes) {
        try {
            ctx.outputStream().write(bytes);
        } catch (IOException e) {
            // the client went away: there is no one left to answer
        }
    }

    private static byte[] serialize(Object body) {
        try {
            return Json.ANSWERS.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
