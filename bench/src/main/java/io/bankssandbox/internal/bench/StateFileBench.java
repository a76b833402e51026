package io.bankssandbox.internal.bench;

import io.bankssandbox.BenchInternals;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.net.http.HttpClient;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What {@code --state-file} costs a POST, and whether that cost depends on the state's size: POST
 * /v0/cards latency of an in-memory sandbox and of one with a state file, side by side in one JVM,
 * with 1,000 and with 100,000 inbound ACH transfers in the state. Rounds visit the four sandboxes in
 * turn, so the JIT and a neighbour's burst of load treat them alike. Sequential (one client: what a
 * developer's test sees) and 8 concurrent clients (where requests share an fsync). Prints
 * {@code key=value} lines for bench/run.sh.
 */
public final class StateFileBench {
    private static final AtomicLong KEYS = new AtomicLong();

    private StateFileBench() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int perRound = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        Path directory = Files.createTempDirectory("state-file-bench");
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String[] labels = {"1k", "100k"};
        int[] sizes = {1_000, 100_000};
        // four sandboxes at once, in memory and with a state file at each size; every round visits all four
        Sandbox[] memory = new Sandbox[2];
        Sandbox[] durable = new Sandbox[2];
        Path[] files = new Path[2];
        try {
            for (int i = 0; i < 2; i++) {
                files[i] = directory.resolve("state-" + labels[i] + ".json");
                // loaded, then restarted: the restart begins from a snapshot holding every transfer
                try (Sandbox loading = Sandbox.start(SandboxConfig.builder().stateFile(files[i]).build())) {
                    MemoryBench.load(BenchInternals.runtime(loading), sizes[i]);
                }
                durable[i] = Sandbox.start(SandboxConfig.builder().stateFile(files[i]).build());
                memory[i] = Sandbox.start();
                MemoryBench.load(BenchInternals.runtime(memory[i]), sizes[i]);
            }
            List<List<Double>> memoryMs = List.of(new ArrayList<>(), new ArrayList<>());
            List<List<Double>> durableMs = List.of(new ArrayList<>(), new ArrayList<>());
            for (int round = -1; round < rounds; round++) { // round -1 warms the JIT up
                for (int i = 0; i < 2; i++) {
                    List<Double> inMemory = post(client, memory[i], perRound);
                    List<Double> withFile = post(client, durable[i], perRound);
                    if (round >= 0) {
                        memoryMs.get(i).addAll(inMemory);
                        durableMs.get(i).addAll(withFile);
                    }
                }
            }
            for (int i = 0; i < 2; i++) {
                EmbeddedBench.print("memory_post_p50_ms_" + labels[i], median(memoryMs.get(i)));
                EmbeddedBench.print("state_file_post_p50_ms_" + labels[i], median(durableMs.get(i)));
            }
            for (int i = 0; i < 2; i++) {
                EmbeddedBench.print("memory_post_concurrent_p50_ms_" + labels[i],
                        median(concurrent(client, memory[i], rounds * perRound)));
                EmbeddedBench.print("state_file_post_concurrent_p50_ms_" + labels[i],
                        median(concurrent(client, durable[i], rounds * perRound)));
                EmbeddedBench.print("state_file_snapshot_mib_" + labels[i], Files.size(files[i]) / 1024.0 / 1024.0);
            }
            // what the disk alone asks of each acknowledged write: one log-line-sized append and its fdatasync
            EmbeddedBench.print("state_file_fsync_p50_ms", median(fsyncs(directory.resolve("fsync-probe"), rounds * perRound)));
        } finally {
            for (int i = 0; i < 2; i++) {
                if (memory[i] != null) {
                    memory[i].close();
                }
                if (durable[i] != null) {
                    durable[i].close();
                }
            }
        }
    }

    /** {@code count} appends of 1.5 KB (a card and its idempotency key, as the log writes them), each forced to disk. */
    private static List<Double> fsyncs(Path file, int count) throws Exception {
        List<Double> millis = new ArrayList<>(count);
        ByteBuffer line = ByteBuffer.allocate(1536);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            for (int i = 0; i < count; i++) {
                long t0 = System.nanoTime();
                channel.write(line.clear());
                channel.force(false);
                millis.add((System.nanoTime() - t0) / 1e6);
            }
        }
        Files.delete(file);
        return millis;
    }

    /** Sequential POSTs; the latency of each, in milliseconds. */
    private static List<Double> post(HttpClient client, Sandbox sandbox, int count) throws Exception {
        List<Double> millis = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            millis.add(timedPost(client, sandbox));
        }
        return millis;
    }

    private static double timedPost(HttpClient client, Sandbox sandbox) throws Exception {
        long t0 = System.nanoTime();
        EmbeddedBench.expect(201, EmbeddedBench.post(client, sandbox, "/v0/cards", EmbeddedBench.CARD_BODY,
                "bench-state-file-" + KEYS.incrementAndGet()));
        return (System.nanoTime() - t0) / 1e6;
    }

    /** {@code count} POSTs from 8 clients at once; the latency of each. */
    private static List<Double> concurrent(HttpClient client, Sandbox sandbox, int count) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(8);
        try {
            List<Future<Double>> answers = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                answers.add(clients.submit(() -> timedPost(client, sandbox)));
            }
            List<Double> millis = new ArrayList<>(count);
            for (Future<Double> answer : answers) {
                millis.add(answer.get());
            }
            return millis;
        } finally {
            clients.shutdown();
        }
    }

    private static double median(List<Double> values) {
        return Stats.median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
