package io.bankssandbox.internal.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import io.bankssandbox.internal.state.Json;

/**
 * A request body a route reads itself, as a stream, up to its own limit (a state import of hundreds
 * of megabytes): past the limit, reading throws the 413. The first {@link BodyReader#LIMIT} bytes are
 * also kept, so that a body no larger than any other can still go into the journal as it was sent.
 */
final class StreamedRequestBody extends InputStream {
    private final InputStream in;
    private final long limit;
    private final String limitName;
    private ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private long read;

    StreamedRequestBody(InputStream in, long limit, String limitName) {
        this.in = in;
        this.limit = limit;
        this.limitName = limitName;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = in.read(buffer, offset, length);
        if (n <= 0) {
            return n;
        }
        read += n;
        if (read > limit) {
            kept = null;
            throw ApiException.of(413, "Request body is larger than " + limitName);
        }
        if (kept != null) {
            if (read <= BodyReader.LIMIT) {
                kept.write(buffer, offset, n);
            } else {
                kept = null; // too large for the journal: it notes the import without its document
            }
        }
        return n;
    }

    /**
     * The whole body as sent, when it is no larger than a /v0 body may be and is JSON (what the route
     * left unread is read here, up to that size); else null, and the journal notes the request without it.
     */
    byte[] keptWhole() {
        byte[] rest = new byte[8192];
        try {
            while (kept != null && read(rest, 0, rest.length) >= 0) {
                // read on: the tee keeps it
            }
        } catch (IOException | RuntimeException e) {
            return null; // the client went away, or the body passed the route's limit
        }
        if (kept == null) {
            return null;
        }
        byte[] bytes = kept.toByteArray();
        try {
            com.fasterxml.jackson.databind.JsonNode tree = Json.MAPPER.readTree(bytes);
            return tree == null || tree.isMissingNode() ? null : bytes;
        } catch (IOException e) {
            return null;
        }
    }
}
