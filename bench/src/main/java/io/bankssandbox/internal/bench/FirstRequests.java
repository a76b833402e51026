package io.bankssandbox.internal.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A fresh server JVM's first requests, each timed from the JVM's launch, as a user's first test
 * meets them: the start (the port accepts a connection), the first {@code GET /v0/cards/{id}} (a
 * 200), then at once the first validated {@code POST /v0/cards} (a new card, a fresh Idempotency-Key)
 * and, when the variant has one, the first 835 ({@code GET /v0/remittances/{id}/era}). Each request
 * on a connection of its own. Beside each time, the CPU the process had used by then (all its
 * threads, those that ended too; /proc counts it in 10 ms ticks).
 *
 * <p>Run by {@link StartBench} for its {@code requests} variants; the bare Javalin floor
 * ({@link BareJavalin}) answers the same GET and POST and has no 835.
 */
final class FirstRequests {
    static final String CARD = "card_0000006ffif7l9i19ra5";
    static final String AUTHORIZATION = "Bearer lm_key_sandbox_all";
    /** The body bench/wrk/post-card.lua posts. */
    static final String CARD_BODY = "{\"bank_account_id\":\"account_0000000ptmhjx1gxm2mi\",\"nickname\":\"Bench\","
            + "\"authorization_controls\":{\"usage\":{\"category\":\"multi_use\",\"multi_use\":"
            + "{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":100000}]}}}}";

    private FirstRequests() {}

    /**
     * Times the variant's first requests: {@code NAME_start_ms}, {@code NAME_get_ms}, {@code NAME_post_ms},
     * {@code NAME_era_ms} (each from the launch), each with its {@code _cpu_ms}, and the steps
     * {@code NAME_post_after_get_ms} and {@code NAME_era_after_post_ms}.
     */
    static Map<String, Double> run(String name, int port, String eraPath, Process process, long launched, Path log)
            throws Exception {
        Map<String, Double> out = new LinkedHashMap<>();
        while (!accepts(port)) {
            alive(name, process, launched, log);
            Thread.sleep(1);
        }
        out.put("start_ms", since(launched));
        out.put("start_cpu_ms", StartBench.cpuMillis(process.pid()));
        String get = "GET /v0/cards/" + CARD + " HTTP/1.1\r\n" + headers(port) + "\r\n";
        int status;
        while ((status = status(port, get)) != 200) { // a server may accept before its routes answer
            alive(name, process, launched, log);
            Thread.sleep(1);
        }
        double getMs = since(launched);
        out.put("get_ms", getMs);
        out.put("get_cpu_ms", StartBench.cpuMillis(process.pid()));
        byte[] body = CARD_BODY.getBytes(StandardCharsets.UTF_8);
        String post = "POST /v0/cards HTTP/1.1\r\n" + headers(port) + "Content-Type: application/json\r\nIdempotency-Key: first-"
                + launched + "\r\nContent-Length: " + body.length + "\r\n\r\n" + CARD_BODY;
        long t = System.nanoTime();
        status = status(port, post);
        double postStep = (System.nanoTime() - t) / 1e6;
        if (status != 200 && status != 201) {
            throw new IllegalStateException(name + " answered the first POST with " + status + "; see " + log);
        }
        // the steps are summed so that reading /proc between them is not counted
        out.put("post_ms", getMs + postStep);
        out.put("post_cpu_ms", StartBench.cpuMillis(process.pid()));
        out.put("post_after_get_ms", postStep);
        if (!eraPath.equals("-")) {
            t = System.nanoTime();
            status = status(port, "GET " + eraPath + " HTTP/1.1\r\n" + headers(port) + "\r\n");
            double eraStep = (System.nanoTime() - t) / 1e6;
            if (status != 200) {
                throw new IllegalStateException(name + " answered the first 835 with " + status + "; see " + log);
            }
            out.put("era_ms", getMs + postStep + eraStep);
            out.put("era_cpu_ms", StartBench.cpuMillis(process.pid()));
            out.put("era_after_post_ms", eraStep);
        }
        return out;
    }

    private static String headers(int port) {
        return "Host: 127.0.0.1:" + port + "\r\nAuthorization: " + AUTHORIZATION + "\r\nConnection: close\r\n";
    }

    private static double since(long launched) {
        return (System.nanoTime() - launched) / 1e6;
    }

    private static void alive(String name, Process process, long launched, Path log) {
        if (!process.isAlive()) {
            throw new IllegalStateException(name + " exited with " + process.exitValue() + "; see " + log);
        }
        if (System.nanoTime() - launched > TimeUnit.SECONDS.toNanos(120)) {
            throw new IllegalStateException(name + " did not answer in 120 s; see " + log);
        }
    }

    private static boolean accepts(int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (ConnectException e) {
            return false;
        }
    }

    /** Sends one request on a new connection and reads the whole answer: its status, or -1 when the connection broke. */
    private static int status(int port, String request) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            String head = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
            in.readAllBytes(); // the whole answer, as a client waits for it
            return head.startsWith("HTTP/1.1 ") ? Integer.parseInt(head.substring(9, 12)) : -1;
        } catch (ConnectException e) {
            return -1;
        } catch (IOException e) {
            return -1; // accepted, then reset while the server starts
        }
    }
}
