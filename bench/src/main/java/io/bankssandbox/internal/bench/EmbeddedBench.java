package io.bankssandbox.internal.bench;

import io.bankssandbox.Sandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Locale;

/**
 * {@link Sandbox#reset()} per test after the test changed something (the reset target), and, as
 * context, sandboxes started, asked one question over a plain socket closed before the sandbox is,
 * and closed, in one JVM. Prints {@code key=value} lines for bench/run.sh.
 *
 * <p>The targets for the first and each further sandbox are {@link FirstStart}'s: there the question
 * goes through the JDK's HttpClient, as a test's would, whose kept-alive connection the sandbox's
 * close must end; the plain-socket cycle here leaves that out and so reads a few ms lower.
 */
public final class EmbeddedBench {
    private static final String CARD = "card_0000006ffif7l9i19ra5";
    private static final String ACCOUNT = "account_0000000ptmhjx1gxm2mi";
    static final String CARD_BODY = "{\"bank_account_id\":\"" + ACCOUNT + "\",\"nickname\":\"Bench\","
            + "\"authorization_controls\":{\"usage\":{\"category\":\"multi_use\",\"multi_use\":"
            + "{\"spending_limits\":[{\"interval\":\"per_day\",\"amount\":100000}]}}}}";

    private EmbeddedBench() {}

    public static void main(String[] args) throws Exception {
        int cycles = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int resets = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        HttpClient client = HttpClient.newHttpClient();

        double[] cycleMs = new double[cycles];
        long cpuAfterFirst = 0;
        for (int i = 0; i < cycles; i++) {
            if (i == 1) {
                cpuAfterFirst = processCpuNanos();
            }
            long t0 = System.nanoTime();
            try (Sandbox sandbox = Sandbox.start()) {
                StartupBreakdown.expect200(sandbox);
            }
            cycleMs[i] = (System.nanoTime() - t0) / 1e6;
        }
        double[] afterFirst = java.util.Arrays.copyOfRange(cycleMs, 1, cycles);
        print("embedded_first_cycle_ms", cycleMs[0]);
        print("embedded_cycle_median_ms", Stats.median(afterFirst));
        print("embedded_cycle_p90_ms", Stats.percentile(afterFirst, 90));
        // every thread of the JVM (the server's, the JIT's, the GC's) over the cycles after the first
        print("embedded_cycle_process_cpu_ms", (processCpuNanos() - cpuAfterFirst) / 1e6 / (cycles - 1));

        try (Sandbox sandbox = Sandbox.start()) {
            double[] resetMs = new double[resets];
            for (int i = 0; i < resets; i++) {
                // each test changes something before the reset that follows it
                expect(201, post(client, sandbox, "/v0/cards", CARD_BODY, "bench-reset-" + i + "-" + System.nanoTime()));
                long t0 = System.nanoTime();
                sandbox.reset();
                resetMs[i] = (System.nanoTime() - t0) / 1e6;
            }
            print("reset_median_ms", Stats.median(resetMs));
            print("reset_p99_ms", Stats.percentile(resetMs, 99));
        }
    }

    private static HttpResponse<String> get(HttpClient client, Sandbox sandbox, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + sandbox.apiKey()).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(HttpClient client, Sandbox sandbox, String path, String body, String key)
            throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + path))
                .header("Authorization", "Bearer " + sandbox.apiKey()).header("Content-Type", "application/json")
                .header("Idempotency-Key", key).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static void expect(int status, HttpResponse<String> response) {
        if (response.statusCode() != status) {
            throw new IllegalStateException("expected " + status + " from " + response.uri() + ", got "
                    + response.statusCode() + ": " + response.body());
        }
    }

    private static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(0L);
    }

    static void print(String key, double value) {
        System.out.println(key + "=" + String.format(Locale.ROOT, "%.4f", value));
    }
}
