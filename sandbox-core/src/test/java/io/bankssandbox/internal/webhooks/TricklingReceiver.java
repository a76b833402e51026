package io.bankssandbox.internal.webhooks;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * A receiver on loopback that takes one request, writes the start of an answer, then one more byte
 * every 200 ms for a minute: no read waits long, so only the attempt's own deadline can end it.
 */
final class TricklingReceiver implements AutoCloseable {
    private final ServerSocket server;

    TricklingReceiver(String start) throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        CompletableFuture.runAsync(() -> {
            try (var socket = server.accept()) {
                socket.getInputStream().read(new byte[8192]);
                var out = socket.getOutputStream();
                out.write(start.getBytes(StandardCharsets.US_ASCII));
                for (int i = 0; i < 300; i++) {
                    out.write('x');
                    out.flush();
                    Thread.sleep(200);
                }
            } catch (IOException | InterruptedException e) {
                // cut off by the sender, as expected
            }
        });
    }

    String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/hooks";
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
