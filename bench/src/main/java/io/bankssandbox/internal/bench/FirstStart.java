package io.bankssandbox.internal.bench;

import io.bankssandbox.internal.bench.peers.JavalinPeer;
import io.bankssandbox.internal.bench.peers.MockServerPeer;
import io.bankssandbox.internal.bench.peers.SandboxPeer;
import io.bankssandbox.internal.bench.peers.Server;
import io.bankssandbox.internal.bench.peers.WireMockPeer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * What a test suite pays for its servers, in a fresh JVM, the same way for every peer: the first
 * server started and asked one question with the JDK's HttpClient (the JVM's first server pays for
 * loading its classes), then {@code CYCLES} further servers, each started, asked one question on the
 * same client and closed, as one test class after another would.
 *
 * <pre>java -cp PEER_CLASSPATH:bench-classes FirstStart sandbox|javalin|wiremock|mockserver BODY_FILE CYCLES</pre>
 *
 * Run on the peer's own classpath only (the sandbox's jar for {@code sandbox} and {@code javalin},
 * WireMock's or MockServer's standalone jar for theirs). Prints {@code RESULT key=value} lines; the
 * first one as soon as the first answer came, so that {@link StartBench} can also time it from the
 * process's launch. Whatever else appears on stdout is the peer's own logging.
 */
public final class FirstStart {
    private FirstStart() {}

    public static void main(String[] args) throws Exception {
        String peer = args[0];
        byte[] body = Files.readAllBytes(Path.of(args[1]));
        int cycles = args.length > 2 ? Integer.parseInt(args[2]) : 0;

        long t0 = System.nanoTime();
        Server first = start(peer, body);
        HttpClient client = HttpClient.newHttpClient();
        expect200(client, first);
        long t1 = System.nanoTime();
        result("first_ms", (t1 - t0) / 1e6);
        result("first_process_cpu_ms", processCpuNanos() / 1e6);
        first.close();

        if (cycles > 0) {
            double[] cycleMs = new double[cycles];
            double[] startMs = new double[cycles];
            double[] requestMs = new double[cycles];
            double[] closeMs = new double[cycles];
            long cpu0 = processCpuNanos();
            for (int i = 0; i < cycles; i++) {
                long c0 = System.nanoTime();
                Server server = start(peer, body);
                long c1 = System.nanoTime();
                expect200(client, server);
                long c2 = System.nanoTime();
                server.close(); // the client's connection to it is still open, as a test's would be
                long c3 = System.nanoTime();
                cycleMs[i] = (c3 - c0) / 1e6;
                startMs[i] = (c1 - c0) / 1e6;
                requestMs[i] = (c2 - c1) / 1e6;
                closeMs[i] = (c3 - c2) / 1e6;
            }
            result("further_ms", Stats.median(cycleMs));
            result("further_p90_ms", Stats.percentile(cycleMs, 90));
            // where a cycle's time goes (each a median of its own, so they need not add up)
            result("further_start_ms", Stats.median(startMs));
            result("further_request_ms", Stats.median(requestMs));
            result("further_close_ms", Stats.median(closeMs));
            // every thread of the JVM (the servers', the JIT's, the GC's), per cycle
            result("further_process_cpu_ms", (processCpuNanos() - cpu0) / 1e6 / cycles);
        }
        System.out.flush();
        // a peer may leave non-daemon threads behind after its stop: the measurement is done
        System.exit(0);
    }

    private static Server start(String peer, byte[] body) {
        switch (peer) {
            case "sandbox": return SandboxPeer.start();
            case "javalin": return JavalinPeer.start(body);
            case "wiremock": return WireMockPeer.start(body);
            case "mockserver": return MockServerPeer.start(body);
            default: throw new IllegalArgumentException("no peer " + peer + ": sandbox, javalin, wiremock or mockserver");
        }
    }

    private static void expect200(HttpClient client, Server server) throws Exception {
        HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/v0/cards/" + Server.CARD))
                .header("Authorization", Server.AUTHORIZATION).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200 || response.body().length == 0) {
            throw new IllegalStateException("expected 200 with the card from " + server.baseUrl() + ", got "
                    + response.statusCode() + ": " + new String(response.body(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    private static void result(String key, double value) {
        System.out.println("RESULT " + key + "=" + String.format(Locale.ROOT, "%.3f", value));
        System.out.flush();
    }
}
