package io.bankssandbox.internal.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A real HTTP receiver on loopback for webhook tests: records every request it gets (headers and
 * body, in arrival order) and answers as told: a status, a hang, a reset connection, a huge body.
 */
public final class WebhookReceiver implements AutoCloseable {
    public enum Behaviour { OK, FAIL_500, HANG, RESET, HUGE_BODY }

    /** One request as received. */
    public record Received(Map<String, List<String>> headers, byte[] body) {
        public String header(String name) {
            for (Map.Entry<String, List<String>> entry : headers.entrySet()) {
                if (entry.getKey().equalsIgnoreCase(name)) {
                    return entry.getValue().get(0);
                }
            }
            return null;
        }

        public JsonNode json() {
            try {
                return ApiClient.ANSWERS.readTree(body);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private final HttpServer server;
    private final List<Received> received = new ArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile Behaviour behaviour = Behaviour.OK;
    /** Runs on the receiving thread before the answer, as a receiver that calls back at once would. */
    private volatile Consumer<Received> onReceipt = r -> { };
    /**
     * Part of the URL, changed by {@link #clear}: a request still in flight from an earlier test (its
     * sandbox reset meanwhile, and ids are deterministic, so its body looks like this test's) goes to
     * an older path and is answered but not recorded.
     */
    private volatile int generation = 1;

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread thread = new Thread(r, "webhook-receiver");
            thread.setDaemon(true);
            return thread;
        }));
        server.createContext("/", this::handle);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks/" + generation;
    }

    public void behave(Behaviour next) {
        this.behaviour = next;
    }

    /** Does {@code action} with each request before answering it (a receiver that calls the API back at once). */
    public void onReceipt(Consumer<Received> action) {
        this.onReceipt = action;
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        if (!exchange.getRequestURI().getPath().equals("/hooks/" + generation)) {
            answer(exchange, 200, new byte[0]);
            return;
        }
        Received request = new Received(Map.copyOf(exchange.getRequestHeaders()), body);
        onReceipt.accept(request);
        synchronized (received) {
            received.add(request);
            received.notifyAll();
        }
        switch (behaviour) {
            case OK -> answer(exchange, 200, "ok".getBytes(StandardCharsets.UTF_8));
            case FAIL_500 -> answer(exchange, 500, "down".getBytes(StandardCharsets.UTF_8));
            case HANG -> {
                try {
                    released.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exchange.close();
            }
            case RESET -> { } // closed below without a status line
            case HUGE_BODY -> {
                exchange.sendResponseHeaders(200, 10L * 1024 * 1024);
                byte[] chunk = new byte[64 * 1024];
                try (OutputStream out = exchange.getResponseBody()) {
                    for (int i = 0; i < 160; i++) {
                        out.write(chunk);
                    }
                } catch (IOException ignored) {
                    // the sandbox stops reading after its cap and closes the connection
                }
            }
        }
        if (behaviour == Behaviour.RESET) {
            exchange.close(); // no status line: the connection ends without an answer
        }
    }

    private static void answer(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** Forgets what was received and answers 200 again. */
    public void clear() {
        synchronized (received) {
            received.clear();
            generation++;
        }
        behaviour = Behaviour.OK;
        onReceipt = r -> { };
    }

    public List<Received> received() {
        synchronized (received) {
            return List.copyOf(received);
        }
    }

    /** Waits until {@code count} requests matching {@code which} arrived; answers them all. */
    public List<Received> await(int count, Predicate<Received> which, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        synchronized (received) {
            while (true) {
                List<Received> matching = received.stream().filter(which).toList();
                if (matching.size() >= count) {
                    return matching;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("expected " + count + " webhook requests within " + within + ", got "
                            + matching.size() + ": " + received.stream().map(r -> new String(r.body(), StandardCharsets.UTF_8)).toList());
                }
                try {
                    received.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
        }
    }

    public List<Received> await(int count, Duration within) {
        return await(count, r -> true, within);
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
    }
}
