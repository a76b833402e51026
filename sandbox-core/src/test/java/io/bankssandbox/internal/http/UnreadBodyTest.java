package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.testing.SandboxTestBase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A body nobody read (its request refused before the body was, or a GET's) is drained before the answer
 * ({@link BodyFilter#discardUnread}): the connection stays open for the client's next request, as
 * HTTP/1.1 keeps it, rather than ending under a client that reuses it.
 */
class UnreadBodyTest extends SandboxTestBase {

    /** The answer's head; its body read by Content-Length or chunks, so that the next answer follows it. */
    private static String readAnswer(InputStream in) throws IOException {
        String head = line(in);
        int length = -1;
        boolean chunked = false;
        StringBuilder all = new StringBuilder(head);
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            all.append('\n').append(header);
            String lower = header.toLowerCase();
            if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(lower.substring(15).trim());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        if (chunked) {
            for (int size = Integer.parseInt(line(in).trim(), 16); size > 0; size = Integer.parseInt(line(in).trim(), 16)) {
                in.readNBytes(size);
                line(in);
            }
            line(in);
        } else if (length > 0) {
            in.readNBytes(length);
        }
        return all.toString();
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection ended: " + line);
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void aBodyNobodyReadIsDrainedSoTheConnectionServesTheNextRequest() throws Exception {
        URI base = URI.create(sandbox.baseUrl());
        byte[] body = ("{\"nickname\":\"" + "x".repeat(2_000_000) + "\"}").getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(120_000);
            OutputStream out = socket.getOutputStream();
            CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
                try {
                    out.write(("GET /v0/entities HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                            + "Authorization: Bearer " + ALL + "\r\nContent-Length: " + body.length + "\r\n\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
                    out.write(body);
                    out.write("GET /_sandbox/health HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            InputStream in = socket.getInputStream();
            String first = readAnswer(in);
            assertThat(first).startsWith("HTTP/1.1 200 ").doesNotContainIgnoringCase("connection: close");
            assertThat(readAnswer(in)).as("the next request on the same connection").startsWith("HTTP/1.1 200 ");
            sent.join();
        }
    }
}
