package io.bankssandbox.internal.http;

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
        if (in.read() < 0) {
            return; // read already (or empty): no buffer to allocate
        }
        byte[] buffer = new byte[8192];
        long drained = 1;
        int n;
        while (drained < DRAIN_LIMIT && (n = in.read(buffer)) > 0) {
            drained += n;
        }
    }

    /**
     * The body's bytes; throws a 413 {@link ApiException} when it passes the limit. {@code expected}
     * is the declared length (-1 when unknown). A declared length within the limit is read straight
     * into one array of that size (the server never hands over more than a request declares; a body
     * cut short comes back as far as it came); an unknown or larger one is read in chunks.
     */
    public static byte[] read(InputStream in, long expected) throws IOException {
        if (expected >= 0 && expected <= LIMIT) {
            return in.readNBytes((int) expected);
        }
        return readUnknown(in);
    }

    /** A body of unknown (or too large) length, in chunks; a 413 past the limit. */
    private static byte[] readUnknown(InputStream in) throws IOException {
        int size = 8192;
        ByteArrayOutputStream out = new ByteArrayOutputStream(size);
        byte[] buffer = new byte[size];
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
