package io.bankssandbox.internal.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sandbox per test two ways, side by side in one run: a {@code java -jar} started per worker (to its
 * first 200, and its resident memory then), against sandboxes on demand from one {@code java -jar}
 * server (POST /_sandbox/sandboxes and the new sandbox's first answered request, over HTTP). Then,
 * in that server (-Xmx768m): the heap each sandbox on demand takes at its fixture state (32 open at
 * once), and heap and threads before and after 1,000 created, asked and closed in a row.
 *
 * <pre>java -cp bench-classes:jar OnDemandBench JAR LOG_DIR STARTS CYCLES PORT</pre>
 *
 * Prints {@code key=value} lines; samples go to stderr. The server's heap is read with {@code jcmd}
 * after two full collections ({@code GC.run}), its threads from {@code /proc/PID/status}.
 */
public final class OnDemandBench {
    private static final String KEY = "lm_key_sandbox_all";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");
    private static final int OPEN_AT_ONCE = 32;
    private static final int IN_A_ROW = 1000;

    private final String jar;
    private final Path logs;
    private final List<String> javaOpts;

    private OnDemandBench(String jar, Path logs) {
        this.jar = jar;
        this.logs = logs;
        String opts = System.getenv().getOrDefault("JAVA_OPTS", "").trim();
        this.javaOpts = opts.isEmpty() ? List.of() : List.of(opts.split("\\s+"));
    }

    public static void main(String[] args) throws Exception {
        OnDemandBench bench = new OnDemandBench(args[0], Path.of(args[1]));
        int starts = Integer.parseInt(args[2]);
        int cycles = Integer.parseInt(args[3]);
        int port = Integer.parseInt(args[4]);
        bench.workerJvms(starts, port);
        bench.onDemand(cycles, port + 1);
    }

    /** A {@code java -jar} per worker: start to its first 200, and the memory the process holds then. */
    private void workerJvms(int starts, int port) throws Exception {
        double[] startMs = new double[starts];
        double[] rssMib = new double[starts];
        for (int i = 0; i < starts; i++) {
            long launched = System.nanoTime();
            Process server = launch(List.of(), port, "worker-" + i);
            try {
                awaitOk("http://127.0.0.1:" + port + "/v0/accounts", launched);
                startMs[i] = (System.nanoTime() - launched) / 1e6;
                rssMib[i] = status(server.pid(), "VmRSS") / 1024.0;
                System.err.printf(Locale.ROOT, "  java -jar per worker %d: first 200 after %.0f ms, RSS %.0f MiB%n",
                        i + 1, startMs[i], rssMib[i]);
            } finally {
                stop(server);
            }
        }
        print("ondemand_worker_jar_start_ms", Stats.median(startMs));
        print("ondemand_worker_jar_rss_mib", Stats.median(rssMib));
    }

    private void onDemand(int cycles, int port) throws Exception {
        Process server = launch(List.of("-Xmx768m"), port, "host", "--max-sandboxes", String.valueOf(OPEN_AT_ONCE));
        String host = "http://127.0.0.1:" + port;
        try {
            awaitOk(host + "/v0/accounts", System.nanoTime());
            for (int i = 0; i < 50; i++) { // the server's JIT and pools warm, as in a test run's first minutes
                close(host, createAndAsk(host, null));
            }
            double[] firstMs = new double[cycles];
            double[] createMs = new double[cycles];
            for (int i = 0; i < cycles; i++) {
                double[] split = new double[1];
                long began = System.nanoTime();
                String id = createAndAsk(host, split);
                firstMs[i] = (System.nanoTime() - began) / 1e6;
                createMs[i] = split[0];
                close(host, id);
            }
            System.err.printf(Locale.ROOT, "  on demand: create + first request median %.1f ms, p90 %.1f ms (create alone %.1f ms)%n",
                    Stats.median(firstMs), Stats.percentile(firstMs, 90), Stats.median(createMs));
            print("ondemand_create_first_ms", Stats.median(firstMs));
            print("ondemand_create_first_p90_ms", Stats.percentile(firstMs, 90));
            print("ondemand_create_ms", Stats.median(createMs));

            long pid = server.pid();
            double before = heapUsedMib(pid);
            List<String> open = new ArrayList<>();
            for (int i = 0; i < OPEN_AT_ONCE; i++) {
                open.add(createAndAsk(host, null)); // each at its fixture state, having answered one request
            }
            double with = heapUsedMib(pid);
            System.err.printf(Locale.ROOT, "  %d open in -Xmx768m: heap %.1f -> %.1f MiB%n", OPEN_AT_ONCE, before, with);
            print("ondemand_open_at_once", open.size());
            print("ondemand_heap_per_sandbox_mib", (with - before) / OPEN_AT_ONCE);
            for (String id : open) {
                close(host, id);
            }

            double heapBefore = heapUsedMib(pid);
            long threadsBefore = status(pid, "Threads");
            for (int i = 0; i < IN_A_ROW; i++) {
                close(host, createAndAsk(host, null));
            }
            double heapAfter = heapUsedMib(pid);
            long threadsAfter = status(pid, "Threads");
            System.err.printf(Locale.ROOT, "  %d in a row: heap %.1f -> %.1f MiB, threads %d -> %d%n", IN_A_ROW,
                    heapBefore, heapAfter, threadsBefore, threadsAfter);
            print("ondemand_row_heap_before_mib", heapBefore);
            print("ondemand_row_heap_after_mib", heapAfter);
            print("ondemand_row_threads_before", threadsBefore);
            print("ondemand_row_threads_after", threadsAfter);
        } finally {
            stop(server);
        }
    }

    /** POST /_sandbox/sandboxes, then the new sandbox's first request; answers its id. */
    private static String createAndAsk(String host, double[] createMs) throws Exception {
        long began = System.nanoTime();
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(URI.create(host + "/_sandbox/sandboxes"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (created.statusCode() != 201) {
            throw new IllegalStateException("POST /_sandbox/sandboxes answered " + created.statusCode() + ": " + created.body());
        }
        if (createMs != null) {
            createMs[0] = (System.nanoTime() - began) / 1e6;
        }
        JsonNode sandbox = JSON.readTree(created.body());
        HttpResponse<String> first = HTTP.send(HttpRequest.newBuilder(URI.create(sandbox.get("base_url").asText()
                + "/v0/accounts")).header("Authorization", "Bearer " + KEY).build(), HttpResponse.BodyHandlers.ofString());
        if (first.statusCode() != 200) {
            throw new IllegalStateException("the new sandbox's GET /v0/accounts answered " + first.statusCode());
        }
        return sandbox.get("id").asText();
    }

    private static void close(String host, String id) throws Exception {
        int status = HTTP.send(HttpRequest.newBuilder(URI.create(host + "/_sandbox/sandboxes/" + id)).DELETE().build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
        if (status != 204) {
            throw new IllegalStateException("DELETE answered " + status);
        }
    }

    private Process launch(List<String> jvmFlags, int port, String log, String... options) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(javaOpts);
        command.addAll(jvmFlags);
        command.addAll(List.of("-jar", jar, "serve", "--port", String.valueOf(port), "--clock", "frozen"));
        command.addAll(List.of(options));
        File out = logs.resolve("ondemand-" + log + ".log").toFile();
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out).start();
    }

    private static void awaitOk(String url, long launched) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + KEY).build();
        while (System.nanoTime() - launched < TimeUnit.SECONDS.toNanos(120)) {
            try {
                if (HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(1);
        }
        throw new IllegalStateException("no 200 from " + url + " within 120 s");
    }

    private static void stop(Process server) throws InterruptedException {
        server.destroy();
        if (!server.waitFor(60, TimeUnit.SECONDS)) {
            server.destroyForcibly();
        }
    }

    /** The heap in use after two full collections, read with jcmd. */
    private static double heapUsedMib(long pid) throws Exception {
        jcmd(pid, "GC.run");
        jcmd(pid, "GC.run");
        Matcher used = HEAP_USED.matcher(jcmd(pid, "GC.heap_info"));
        if (!used.find()) {
            throw new IllegalStateException("no heap figure from jcmd GC.heap_info");
        }
        return Long.parseLong(used.group(1)) / 1024.0;
    }

    private static String jcmd(long pid, String command) throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process process = new ProcessBuilder(Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd", String.valueOf(pid), command)
                .redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        process.waitFor();
        return out;
    }

    /** A figure of /proc/PID/status ({@code VmRSS} in KiB, {@code Threads}). */
    private static long status(long pid, String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.substring(field.length() + 1).trim().split("\\s+")[0]);
            }
        }
        throw new IllegalStateException("no " + field + " in /proc/" + pid + "/status");
    }

    private static void print(String key, double value) {
        System.out.printf(Locale.ROOT, "%s=%.3f%n", key, value);
    }
}
