package io.bankssandbox.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a request body up to the 1 MiB limit. A larger body is drained (up to a bound) before the
 * 413 is sent, so the client reads a status instead of a reset connection.
 */
public final class BodyReader {
    public static final int LIMIT = 1024 * 1024;
    private static final long DRAIN_LIMIT = 64L * 1024 * 1024;

    private BodyReader() {}

    /**
     * Reads and drops a body the route has no use for (a GET's or DELETE's, one sent to an unknown
     * route), up to the drain bound: a server that answers and closes with the body unread makes the
     * client's TCP stack reset the connection, and the client may lose the answer.
     */
    public static void discard(InputStream in) throws IOException {
        byte[] buffer = new byte[8192];
        long drained = 0;
        int n;
        while (drained < DRAIN_LIMIT && (n = in.read(buffer)) > 0) {
            drained += n;
        }
    }

    /** The body's bytes; throws a 413 {@link ApiException} when it passes the limit. */
    public static byte[] read(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) > 0) {
            if (out.size() + n > LIMIT) {
                long drained = out.size() + (long) n;
                while (drained < DRAIN_LIMIT && (n = in.read(buffer)) > 0) {
                    drained += n;
                }
                throw ApiException.of(413, "Request body is larger than 1 MiB");
            }
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }
}
