package io.bankssandbox.junit5.measure;

import io.bankssandbox.Sandbox;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
 * mvn -q -o test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt \
 *     -Dmdep.includeScope=test -pl fixtures,sandbox-core,sandbox-junit5 -am
 * java -cp "$(cat sandbox-junit5/target/test-classpath.txt):sandbox-junit5/target/test-classes:\
 * sandbox-junit5/target/classes:sandbox-core/target/classes:fixtures/target/classes" \
 *     io.bankssandbox.junit5.measure.StartAndResetFigures [classes=30] [resets=2000]
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

        // wall time, and the CPU time of the thread that starts and stops it (on a loaded machine
        // the second says more: it does not count the time spent waiting for a core)
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] perClass = new double[classes];
        double[] perClassCpu = new double[classes];
        for (int i = 0; i < classes; i++) {
            long start = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            try (Sandbox sandbox = Sandbox.start()) {
                get(sandbox);
            }
            perClass[i] = ms(System.nanoTime() - start);
            perClassCpu[i] = ms(threads.getCurrentThreadCpuTime() - cpu);
        }
        print("each further sandbox (start, one request, close), wall", perClass, "ms");
        print("each further sandbox (start, one request, close), CPU of the calling thread", perClassCpu, "ms");
        System.out.printf("load average while measuring: %.1f on %d cores%n",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());

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
