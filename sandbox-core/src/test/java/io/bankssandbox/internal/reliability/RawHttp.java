package io.bankssandbox.internal.reliability;

import io.bankssandbox.internal.testing.ApiClient;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, one connection per request. The JDK client refuses what a fuzzer
 * must send (invalid percent-encodings, raw non-ASCII in the target, a Content-Type with a body it
 * did not frame), so requests are written byte for byte. A read that stalls past the timeout fails
 * the test as a hang.
 */
final class RawHttp {
    /**
     * A hang is an answer that never comes, not a slow one: on a machine loaded far past its cores (a
     * 100,000-request run beside other builds, load 40 on two cores) an answer took over 10 s.
     */
    static final int TIMEOUT_MILLIS = 60_000;

    private final String host;
    private final int port;

    RawHttp(String host, int port) {
        this.host = host;
        this.port = port;
    }

    /** Thrown when the sandbox does not answer in time: a hang is a failure of its own kind. */
    static final class Hang extends AssertionError {
        Hang(String message) {
            super(message);
        }
    }

    /** Sends one request; {@code headers} are written as given, in order (Host and framing are added). */
    ApiClient.Response send(String method, String target, Map<String, String> headers, byte[] body) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            head.writeBytes((method + " " + target + " HTTP/1.1\r\n").getBytes(StandardCharsets.UTF_8));
            head.writeBytes(("Host: " + host + ":" + port + "\r\n").getBytes(StandardCharsets.US_ASCII));
            for (Map.Entry<String, String> header : headers.entrySet()) {
                head.writeBytes((header.getKey() + ": " + header.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
            }
            if (body != null) {
                head.writeBytes(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            }
            head.writeBytes("Connection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            OutputStream out = socket.getOutputStream();
            java.io.IOException writeFailure = null;
            try {
                out.write(head.toByteArray());
                if (body != null) {
                    out.write(body);
                }
                out.flush();
            } catch (java.net.SocketException e) {
                // a server may answer and close before reading a body it has no use for (a GET's, one
                // over a limit): the answer is what counts, so read it if it came
                writeFailure = e;
            }
            byte[] raw;
            try {
                raw = readAll(socket.getInputStream());
            } catch (java.net.SocketException e) {
                raw = new byte[0];
            }
            if (raw.length == 0 && writeFailure != null) {
                throw writeFailure;
            }
            return parse(method, target, raw);
        } catch (SocketTimeoutException e) {
            throw new Hang(method + " " + abbreviate(target) + " got no answer within " + TIMEOUT_MILLIS + " ms");
        } catch (IOException e) {
            throw new AssertionError(method + " " + abbreviate(target) + " failed: " + e, e);
        }
    }

    static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...(" + text.length() + " chars)";
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[16384];
        int n;
        try {
            while ((n = in.read(buffer)) > 0) {
                out.write(buffer, 0, n);
            }
        } catch (java.net.SocketException e) {
            // the server may reset after answering (it closes without reading a refused body); keep what came
            if (out.size() == 0) {
                throw e;
            }
        }
        return out.toByteArray();
    }

    private static ApiClient.Response parse(String method, String target, byte[] raw) {
        int headEnd = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        if (headEnd < 0) {
            throw new AssertionError(method + " " + abbreviate(target) + ": no HTTP answer, got "
                    + new String(raw, StandardCharsets.ISO_8859_1));
        }
        String[] lines = new String(raw, 0, headEnd, StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.computeIfAbsent(lines[i].substring(0, colon).trim(), k -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).trim());
        }
        byte[] body = java.util.Arrays.copyOfRange(raw, headEnd + 4, raw.length);
        boolean chunked = headers.entrySet().stream()
                .anyMatch(e -> e.getKey().equalsIgnoreCase("Transfer-Encoding")
                        && e.getValue().stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("chunked")));
        if (chunked) {
            body = dechunk(body);
        }
        return new ApiClient.Response(method, target, status, body, headers);
    }

    private static byte[] dechunk(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int at = 0;
        while (at < body.length) {
            int lineEnd = indexOf(body, "\r\n".getBytes(StandardCharsets.US_ASCII), at);
            String sizeLine = new String(body, at, lineEnd - at, StandardCharsets.US_ASCII).split(";")[0].trim();
            int size = Integer.parseInt(sizeLine, 16);
            if (size == 0) {
                break;
            }
            out.write(body, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        return indexOf(data, pattern, 0);
    }

    private static int indexOf(byte[] data, byte[] pattern, int from) {
        outer:
        for (int i = from; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
