package io.bankssandbox.internal.http;

import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Function;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors Jetty answers before a request reaches the pipeline (request line or headers over 8 KiB,
 * a malformed or ambiguous URI) in the sandbox's JSON error shape instead of Jetty's HTML page, so
 * that a client's error handling sees the same kind of body on every answer: the shape of the routes
 * the path names, under a sandbox on demand's path too (a target Jetty cannot read at all is named
 * by its readable start, {@link PathKeepingConnectionFactory}). Each says
 * {@code Connection: close}: Jetty closes the connection after a message it could not read, and a
 * client told nothing keeps it for its next request, which then meets a closed socket (a POST is not
 * retried: the client gets no answer at all).
 */
public final class JsonErrorPages extends ErrorHandler {
    private static final String JSON = "application/json; charset=utf-8";

    private final Function<Request, String> servedPath;

    /**
     * @param servedPath a request's path as the servlet that would answer it routes it (a sandbox on
     *     demand's without its mount path), so the shape is that of the routes the client asked for
     */
    JsonErrorPages(Function<Request, String> servedPath) {
        this.servedPath = servedPath;
    }

    /** Jetty writes a body only for GET, POST and HEAD by default; every method gets one here. */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) throws IOException {
        ErrorShape shape = ErrorShape.atPath(servedPath.apply(request));
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON);
        response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
        response.write(true, ByteBuffer.wrap(body(shape, code, message)), callback);
    }

    /** Answers to messages the HTTP parser rejects (no request exists yet to route). */
    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, JSON);
        fields.put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
        return ByteBuffer.wrap(body(ErrorShape.NEST, status, reason));
    }

    private static byte[] body(ErrorShape shape, int code, String message) {
        String text = message == null || message.isBlank() ? ErrorShape.reasonPhrase(code) : message;
        try {
            return Json.MAPPER.writeValueAsBytes(shape.render(ApiException.of(code, text)));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
