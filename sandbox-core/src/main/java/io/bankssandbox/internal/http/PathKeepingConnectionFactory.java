package io.bankssandbox.internal.http;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;

/**
 * HTTP/1.1 connections whose error page for a request target Jetty cannot read at all (a bad
 * percent-encoding, an encoded NUL) still knows which path was asked for. Jetty builds the request
 * of such an answer with the path {@code /badMessage}, the target being unreadable; here it gets the
 * readable start of the target instead (up to its first character outside a plain path), enough for
 * {@link JsonErrorPages} to answer in the error shape of the routes it names. Nothing of it is
 * written back: it only chooses the shape.
 */
final class PathKeepingConnectionFactory extends HttpConnectionFactory {
    /** What Jetty's HTTP/1.1 connection names the request it makes for a message it could not read. */
    private static final String BAD_MESSAGE_METHOD = "BAD";
    private static final Pattern READABLE = Pattern.compile("/[A-Za-z0-9._~!$&'()*+,;=:@/-]*");
    /**
     * Whether this Jetty has the chunk size limit (12.1): Spring Boot 3.5 manages Jetty 12.0, which
     * has none, and a call to it there fails every connection with {@code NoSuchMethodError}.
     */
    private static final boolean CHUNK_LIMIT = hasChunkLimit();

    PathKeepingConnectionFactory(HttpConfiguration configuration) {
        super(configuration);
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        HttpConnection connection = new PathKeepingConnection(getHttpConfiguration(), connector, endPoint);
        if (CHUNK_LIMIT) {
            connection.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength());
        }
        return configure(connection, connector, endPoint);
    }

    private static boolean hasChunkLimit() {
        try {
            HttpConnectionFactory.class.getMethod("getTransferEncodingChunkMaxLength");
            return true;
        } catch (NoSuchMethodException jetty120) {
            return false;
        }
    }

    /** The plain-path start of {@code target} ({@code /} when it has none), which Jetty reads. */
    static String readableStart(String target) {
        Matcher readable = READABLE.matcher(target);
        return readable.lookingAt() ? readable.group() : "/";
    }

    private static final class PathKeepingConnection extends HttpConnection {
        /** The target of the request line Jetty just failed to read; the connection closes after its answer. */
        private String unreadable;

        PathKeepingConnection(HttpConfiguration configuration, Connector connector, EndPoint endPoint) {
            super(configuration, connector, endPoint);
        }

        @Override
        protected HttpStreamOverHTTP1 newHttpStream(String method, String uri, HttpVersion version) {
            if (BAD_MESSAGE_METHOD.equals(method) && unreadable != null) {
                String path = readableStart(unreadable);
                unreadable = null;
                return super.newHttpStream(method, path, version);
            }
            try {
                return super.newHttpStream(method, uri, version);
            } catch (RuntimeException e) {
                unreadable = uri;
                throw e;
            }
        }
    }
}
