package io.bankssandbox.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The state document's round trip at 100,000 and 1,000,000 inbound ACH transfers, over HTTP as a
 * QA engineer would do it: export to a file, reset, import the file, export again; the three
 * documents (the export, the import's answer, the second export) must be byte for byte the same.
 * While the import runs, the heap still in use after each garbage collection is watched: its peak,
 * against the heap the state itself takes, says whether the import ever holds a second copy of the
 * document. Prints {@code key=value} lines for bench/run.sh; fails if a round trip is not identical.
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
                MemoryBench.load(sandbox.runtime(), size);
                long state = heapUsedAfterGc() - empty;
                Path first = directory.resolve("export-" + label + ".json");
                long t0 = System.nanoTime();
                send(client, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/state")).GET(), first);
                long exportNanos = System.nanoTime() - t0;
                send(client, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/reset"))
                        .POST(HttpRequest.BodyPublishers.noBody()), directory.resolve("reset.json"));
                long beforeImport = heapUsedAfterGc();
                Path answer = directory.resolve("answer-" + label + ".json");
                LiveHeapWatch watch = LiveHeapWatch.start();
                t0 = System.nanoTime();
                send(client, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/state"))
                        .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofFile(first)), answer);
                long importNanos = System.nanoTime() - t0;
                long peak = watch.stop();
                Path second = directory.resolve("second-" + label + ".json");
                send(client, HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/state")).GET(), second);
                boolean identical = Files.mismatch(first, answer) == -1 && Files.mismatch(first, second) == -1;
                EmbeddedBench.print("round_trip_identical_" + label, identical ? 1 : 0);
                EmbeddedBench.print("round_trip_document_mib_" + label, Files.size(first) / 1024.0 / 1024.0);
                EmbeddedBench.print("round_trip_state_heap_mib_" + label, state / 1024.0 / 1024.0);
                EmbeddedBench.print("round_trip_export_s_" + label, exportNanos / 1e9);
                EmbeddedBench.print("round_trip_import_s_" + label, importNanos / 1e9);
                // the heap beyond an empty sandbox's at the import's worst, against what the state takes once built
                EmbeddedBench.print("import_heap_before_mib_" + label, (beforeImport - empty) / 1024.0 / 1024.0);
                EmbeddedBench.print("import_peak_live_heap_mib_" + label, (peak - empty) / 1024.0 / 1024.0);
                EmbeddedBench.print("import_peak_vs_state_" + label, (peak - empty) / (double) state);
                for (Path file : new Path[] {first, answer, second}) {
                    Files.delete(file);
                }
                if (!identical) {
                    throw new IllegalStateException("the " + label + " round trip did not give the same document back");
                }
            }
        }
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
     * The most heap in use right after any garbage collection while it watches (an upper bound of
     * what was live: a young collection leaves the old generation's garbage in place), and at the
     * end, after a full collection, what stays.
     */
    private static final class LiveHeapWatch {
        private final AtomicLong peak = new AtomicLong();
        private final NotificationListener listener = (notification, handback) -> {
            if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                        (CompositeData) notification.getUserData());
                long used = info.getGcInfo().getMemoryUsageAfterGc().values().stream().mapToLong(MemoryUsage::getUsed).sum();
                peak.accumulateAndGet(used, Math::max);
            }
        };

        static LiveHeapWatch start() {
            LiveHeapWatch watch = new LiveHeapWatch();
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                ((NotificationEmitter) gc).addNotificationListener(watch.listener, null, null);
            }
            return watch;
        }

        long stop() throws Exception {
            long after = heapUsedAfterGc();
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                ((NotificationEmitter) gc).removeNotificationListener(listener);
            }
            return Math.max(peak.get(), after);
        }
    }
}
