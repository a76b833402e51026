package io.bankssandbox.internal.bench;

import io.bankssandbox.BenchInternals;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The state document's round trip at 100,000 and 1,000,000 inbound ACH transfers, over HTTP as a
 * QA engineer would do it: export to a file, reset, import the file, export again; the three
 * documents (the export, the import's answer, the second export) must be byte for byte the same.
 * The import is timed once, then run again while the live heap is sampled: its peak, against the
 * heap the state itself takes, says whether the import ever holds a second copy of the document. Prints {@code key=value} lines for bench/run.sh; fails if a round trip is not identical.
 */
public final class ImportBench {
    private ImportBench() {}

    public static void main(String[] args) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Path directory = Files.createTempDirectory("import-bench");
        for (int size : args.length > 0 ? java.util.Arrays.stream(args).mapToInt(Integer::parseInt).toArray()
                : new int[] {100_000, 1_000_000}) {
            String label = size >= 1_000_000 ? size / 1_000_000 + "m" : size / 1_000 + "k";
            try (Sandbox sandbox = Sandbox.start(SandboxConfig.builder().maxImportBytes(8L << 30).build())) {
                long empty = heapUsedAfterGc();
                MemoryBench.load(BenchInternals.runtime(sandbox), size);
                long state = heapUsedAfterGc() - empty;
                Path first = directory.resolve("export-" + label + ".json");
                long cpu = processCpuNanos();
                long t0 = System.nanoTime();
                send(client, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/state")).GET(), first);
                long exportNanos = System.nanoTime() - t0;
                long exportCpuNanos = processCpuNanos() - cpu;
                send(client, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/reset"))
                        .POST(HttpRequest.BodyPublishers.noBody()), directory.resolve("reset.json"));
                long beforeImport = heapUsedAfterGc();
                Path answer = directory.resolve("answer-" + label + ".json");
                long cpu0 = processCpuNanos();
                t0 = System.nanoTime();
                put(client, sandbox, first, answer);
                long importNanos = System.nanoTime() - t0;
                long importCpuNanos = processCpuNanos() - cpu0;
                // the same import again, watched: what the heap holds while the import builds the state
                send(client, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/reset"))
                        .POST(HttpRequest.BodyPublishers.noBody()), directory.resolve("reset.json"));
                heapUsedAfterGc();
                LiveHeapWatch watch = LiveHeapWatch.start();
                put(client, sandbox, first, answer);
                long peak = watch.stop();
                long imported = heapUsedAfterGc() - empty; // the state as the import built it
                Path second = directory.resolve("second-" + label + ".json");
                send(client, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/state")).GET(), second);
                boolean identical = Files.mismatch(first, answer) == -1 && Files.mismatch(first, second) == -1;
                EmbeddedBench.print("round_trip_identical_" + label, identical ? 1 : 0);
                EmbeddedBench.print("round_trip_document_mib_" + label, Files.size(first) / 1024.0 / 1024.0);
                EmbeddedBench.print("round_trip_state_heap_mib_" + label, state / 1024.0 / 1024.0);
                EmbeddedBench.print("round_trip_export_s_" + label, exportNanos / 1e9);
                EmbeddedBench.print("round_trip_import_s_" + label, importNanos / 1e9);
                // CPU seconds of the whole process (the client's side included): a busy machine stretches wall time
                EmbeddedBench.print("round_trip_export_cpu_s_" + label, exportCpuNanos / 1e9);
                EmbeddedBench.print("round_trip_import_cpu_s_" + label, importCpuNanos / 1e9);
                // the heap beyond an empty sandbox's at the import's worst, against what the state takes once built
                EmbeddedBench.print("import_heap_before_mib_" + label, (beforeImport - empty) / 1024.0 / 1024.0);
                EmbeddedBench.print("import_peak_live_heap_mib_" + label, (peak - empty) / 1024.0 / 1024.0);
                EmbeddedBench.print("import_peak_vs_state_" + label, (peak - empty) / (double) state);
                // an imported row holds its own copy of each string a generated one shares (the account id, ...)
                EmbeddedBench.print("import_state_heap_mib_" + label, imported / 1024.0 / 1024.0);
                EmbeddedBench.print("import_peak_vs_imported_state_" + label, (peak - empty) / (double) imported);
                for (Path file : new Path[] {first, answer, second}) {
                    Files.delete(file);
                }
                if (!identical) {
                    throw new IllegalStateException("the " + label + " round trip did not give the same document back");
                }
            }
        }
    }

    /** PUT the document in {@code file} (streamed from disk), the answer streamed into {@code answer}. */
    private static void put(HttpClient client, Sandbox sandbox, Path file, Path answer) throws Exception {
        send(client, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/state"))
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofFile(file)), answer);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void send(HttpClient client, HttpRequest.Builder request, Path into) throws Exception {
        HttpResponse<Path> response = client.send(request.build(), HttpResponse.BodyHandlers.ofFile(into));
        if (response.statusCode() != 200) {
            throw new IllegalStateException(request.build().uri() + " answered " + response.statusCode() + ": "
                    + Files.readString(into));
        }
    }

    private static long heapUsedAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    /**
     * The live heap while it watches: a thread forces a full collection every quarter second (or
     * three times as long as the last one took, so that the import is not starved on a busy machine)
     * and reads what stays. Sampled, so a peak between two samples can be missed by a little; the
     * samples slow the import, whose time is measured without the watch.
     */
    private static final class LiveHeapWatch {
        private final AtomicLong peak = new AtomicLong();
        private volatile boolean watching = true;
        private final Thread sampler = new Thread(() -> {
            while (watching) {
                long t0 = System.nanoTime();
                System.gc();
                peak.accumulateAndGet(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
                long gcMillis = (System.nanoTime() - t0) / 1_000_000;
                try {
                    // a full collection of a large heap takes seconds on a busy machine: the import gets three times that
                    Thread.sleep(Math.max(250, 3 * gcMillis));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "live-heap-watch");

        static LiveHeapWatch start() {
            LiveHeapWatch watch = new LiveHeapWatch();
            watch.sampler.setDaemon(true);
            watch.sampler.start();
            return watch;
        }

        long stop() throws InterruptedException {
            watching = false;
            sampler.join();
            return peak.get();
        }
    }
}
