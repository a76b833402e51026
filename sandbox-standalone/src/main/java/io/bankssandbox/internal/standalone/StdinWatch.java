package io.bankssandbox.internal.standalone;

import java.io.IOException;
import java.io.InputStream;

/**
 * {@code serve --stop-on-stdin-close}: reads standard input to its end on a daemon thread, then stops
 * the server. A parent process that starts the server with a pipe as its input closes that pipe
 * however it ends (the kernel closes a killed process's files), so the server never outlives it.
 */
final class StdinWatch {
    private StdinWatch() {}

    static void start(InputStream in, Runnable onClose) {
        Thread thread = new Thread(() -> {
            byte[] discarded = new byte[512];
            try {
                while (in.read(discarded) != -1) {
                    // what the parent writes means nothing: only the end of the stream does
                }
            } catch (IOException e) {
                // a broken pipe is a closed one
            }
            onClose.run();
        }, "banks-sandbox-stdin-watch");
        thread.setDaemon(true);
        thread.start();
    }
}
