package io.bankssandbox.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What durability costs a POST: each acknowledged mutation writes and fsyncs a full snapshot
 * (about 100 KB for the default fixtures). Prints the figures the README quotes; asserts only a
 * loose bound, since the build machine's disk and load vary.
 */
class StateFileLatencyTest {
    private static final int REQUESTS = 150;

    @TempDir
    Path temp;

    @Test
    void postLatencyWithAndWithoutTheStateFile() throws Exception {
        double[] memory = measure(SandboxConfig.builder().build(), "memory");
        Path file = temp.resolve("latency.json");
        double[] durable = measure(SandboxConfig.builder().stateFile(file).build(), "state-file");
        System.out.printf("POST /v0/cards, %d sequential: in memory p50 %.2f ms p95 %.2f ms; with --state-file p50 %.2f ms p95 %.2f ms (file %d KB)%n",
                REQUESTS, memory[0], memory[1], durable[0], durable[1], Files.size(file) / 1024);
        double concurrent = concurrentThroughput(SandboxConfig.builder().stateFile(temp.resolve("concurrent.json")).build());
        System.out.printf("POST /v0/cards with --state-file, 8 concurrent clients: %.0f requests/s (group commit)%n", concurrent);
        assertThat(durable[0]).isLessThan(250.0);
    }

    private static double[] measure(SandboxConfig config, String label) throws Exception {
        try (Sandbox sandbox = Sandbox.start(config)) {
            List<Double> millis = new ArrayList<>();
            for (int i = 0; i < REQUESTS + 20; i++) {
                long start = System.nanoTime();
                var answer = Http.send(sandbox.baseUrl() + "/v0/cards", "POST", sandbox.apiKey(), label + "-latency-" + i,
                        StateFileTest.cardBody("Latency " + i));
                long took = System.nanoTime() - start;
                assertThat(answer.statusCode()).isEqualTo(201);
                if (i >= 20) { // the first ones warm the JIT
                    millis.add(took / 1e6);
                }
            }
            Collections.sort(millis);
            return new double[] {millis.get(millis.size() / 2), millis.get((int) (millis.size() * 0.95))};
        }
    }

    private static double concurrentThroughput(SandboxConfig config) throws Exception {
        try (Sandbox sandbox = Sandbox.start(config)) {
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                long start = System.nanoTime();
                List<Future<Integer>> answers = new ArrayList<>();
                for (int i = 0; i < 400; i++) {
                    int n = i;
                    answers.add(pool.submit(() -> Http.send(sandbox.baseUrl() + "/v0/cards", "POST", sandbox.apiKey(),
                            "concurrent-latency-" + n, StateFileTest.cardBody("Concurrent " + n)).statusCode()));
                }
                for (Future<Integer> answer : answers) {
                    assertThat(answer.get()).isEqualTo(201);
                }
                return 400 / ((System.nanoTime() - start) / 1e9);
            } finally {
                pool.shutdown();
            }
        }
    }
}
