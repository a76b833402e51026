package io.bankssandbox.junit5.measure;

import io.bankssandbox.Sandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;

/**
 * Prints what the JUnit extension costs: the first sandbox in a JVM, each further one (start, one
 * request, close: what a test class pays), and a reset (what every test pays). A main, not a test:
 * figures on a shared machine vary too much to assert on.
 *
 * <pre>
 * mvn -q -pl sandbox-junit5 -am test-compile
 * java -cp "$(cat sandbox-junit5/target/classpath.txt):sandbox-junit5/target/test-classes:..." \
 *     io.bankssandbox.junit5.measure.StartAndResetFigures
 * </pre>
 */
public final class StartAndResetFigures {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    public static void main(String[] args) throws Exception {
        int classes = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int resets = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;

        long t0 = System.nanoTime();
        try (Sandbox first = Sandbox.start()) {
            get(first);
        }
        System.out.printf("first sandbox in the JVM (start, one request, close): %.0f ms%n", ms(System.nanoTime() - t0));

        double[] perClass = new double[classes];
        for (int i = 0; i < classes; i++) {
            long start = System.nanoTime();
            try (Sandbox sandbox = Sandbox.start()) {
                get(sandbox);
            }
            perClass[i] = ms(System.nanoTime() - start);
        }
        print("each further sandbox (start, one request, close)", perClass, "ms");

        try (Sandbox sandbox = Sandbox.start()) {
            double[] reset = new double[resets];
            for (int i = 0; i < resets; i++) {
                // change something first, as a test would, so the reset has work to undo
                sandbox.clock().advance(Duration.ofMinutes(1));
                long start = System.nanoTime();
                sandbox.reset();
                reset[i] = (System.nanoTime() - start) / 1_000.0;
            }
            print("reset to the fixture state", Arrays.copyOfRange(reset, resets / 2, resets), "µs");
        }
    }

    private static void get(Sandbox sandbox) throws Exception {
        HttpResponse<Void> response = HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/v0/accounts"))
                .header("Authorization", "Bearer " + sandbox.apiKey()).build(), HttpResponse.BodyHandlers.discarding());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET /v0/accounts answered " + response.statusCode());
        }
    }

    private static void print(String what, double[] values, String unit) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        System.out.printf("%s: median %.2f %s, p90 %.2f %s, max %.2f %s (n=%d)%n", what, sorted[sorted.length / 2], unit,
                sorted[(int) (sorted.length * 0.9)], unit, sorted[sorted.length - 1], unit, sorted.length);
    }

    private static double ms(long nanos) {
        return nanos / 1_000_000.0;
    }
}
