package io.bankssandbox.internal.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts each variant of a spec in a fresh JVM, {@code ROUNDS} times, the order rotated every round
 * (so no variant always follows the same one, and a neighbour's burst of load falls on each in
 * turn), and prints the medians as {@code key=value} lines (each sample goes to stderr).
 *
 * <pre>java -cp bench-classes StartBench SPEC ROUNDS LOG_DIR</pre>
 *
 * Every variant runs in LOG_DIR (MockServer, for one, writes its CA certificate where it runs), so
 * the spec's paths must be absolute.
 *
 * The spec has one variant a line, its fields separated by tabs:
 * <ul>
 * <li>{@code http NAME PORT PATH COMMAND...}: a server; timed from the launch of COMMAND to the first
 *     200 answered on {@code http://127.0.0.1:PORT/PATH}, then stopped (SIGTERM). Gives
 *     {@code NAME_start_ms} and {@code NAME_start_cpu_ms}, the CPU its process had used by then.</li>
 * <li>{@code requests NAME PORT ERA_PATH COMMAND...}: a server's first requests ({@link FirstRequests}): the
 *     start, the first GET, the first POST and (unless ERA_PATH is {@code -}) the first 835, each timed
 *     from the launch; gives {@code NAME_start_ms}, {@code NAME_get_ms}, {@code NAME_post_ms},
 *     {@code NAME_era_ms}, each with its {@code _cpu_ms}, and the steps {@code NAME_post_after_get_ms}
 *     and {@code NAME_era_after_post_ms}.</li>
 * <li>{@code embedded NAME - - COMMAND...}: a JVM that prints {@code RESULT key=value} lines
 *     ({@link FirstStart}); gives {@code NAME_key} for each, and {@code NAME_first_process_ms}, from
 *     the launch to its first result line.</li>
 * </ul>
 *
 * <p>Why not curl in a shell loop, as this bench once did: a JVM's start uses both cores of this
 * machine, and a curl forked every few milliseconds took a good part of one, more the longer a
 * start lasted. Here the waiting is one process that was already running, trying a connection
 * every millisecond (a refused connect costs microseconds).
 */
public final class StartBench {
    private record Variant(String kind, String name, int port, String path, List<String> command) {}

    private final Path logs;
    private final Map<String, List<Double>> samples = new LinkedHashMap<>();

    private StartBench(Path logs) {
        this.logs = logs;
    }

    public static void main(String[] args) throws Exception {
        List<Variant> variants = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            variants.add(new Variant(f[0], f[1], f[2].equals("-") ? 0 : Integer.parseInt(f[2]), f[3],
                    List.of(Arrays.copyOfRange(f, 4, f.length))));
        }
        int rounds = Integer.parseInt(args[1]);
        StartBench bench = new StartBench(Path.of(args[2]));
        for (int round = 0; round < rounds; round++) {
            System.err.printf(Locale.ROOT, "  round %d (load %s)%n", round + 1, load());
            for (int i = 0; i < variants.size(); i++) {
                Variant variant = variants.get((i + round) % variants.size());
                if (variant.kind().equals("http")) {
                    bench.http(variant);
                } else if (variant.kind().equals("requests")) {
                    bench.requests(variant);
                } else {
                    bench.embedded(variant);
                }
            }
        }
        bench.samples.forEach((key, values) -> {
            System.err.printf(Locale.ROOT, "  %s: %s%n", key, values.stream()
                    .map(v -> String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v)).toList());
            double[] all = values.stream().mapToDouble(Double::doubleValue).toArray();
            System.out.println(key + "=" + String.format(Locale.ROOT, "%.3f", median(all)));
        });
    }

    private void http(Variant variant) throws Exception {
        Path log = logs.resolve(variant.name() + "-start.log");
        long t0 = System.nanoTime();
        Process process = new ProcessBuilder(variant.command()).directory(logs.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            while (!answers200(variant.port(), variant.path())) {
                if (!process.isAlive()) {
                    throw new IllegalStateException(variant.name() + " exited with " + process.exitValue() + "; see " + log);
                }
                if (System.nanoTime() - t0 > TimeUnit.SECONDS.toNanos(120)) {
                    throw new IllegalStateException(variant.name() + " did not answer 200 in 120 s; see " + log);
                }
                Thread.sleep(1);
            }
            double wall = (System.nanoTime() - t0) / 1e6;
            sample(variant.name() + "_start_ms", wall);
            sample(variant.name() + "_start_cpu_ms", cpuMillis(process.pid()));
        } finally {
            stop(process);
        }
    }

    private void requests(Variant variant) throws Exception {
        Path log = logs.resolve(variant.name() + "-requests.log");
        long t0 = System.nanoTime();
        Process process = new ProcessBuilder(variant.command()).directory(logs.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            FirstRequests.run(variant.name(), variant.port(), variant.path(), process, t0, log)
                    .forEach((key, value) -> sample(variant.name() + "_" + key, value));
        } finally {
            stop(process);
        }
    }

    private void embedded(Variant variant) throws Exception {
        Path log = logs.resolve(variant.name() + "-embedded.log");
        long t0 = System.nanoTime();
        Process process = new ProcessBuilder(variant.command()).directory(logs.toFile()).redirectError(log.toFile()).start();
        boolean first = true;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter other = new PrintWriter(Files.newBufferedWriter(logs.resolve(variant.name() + "-embedded.out")))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (!line.startsWith("RESULT ")) {
                    other.println(line); // the peer's own logging
                    continue;
                }
                if (first) {
                    sample(variant.name() + "_first_process_ms", (System.nanoTime() - t0) / 1e6);
                    first = false;
                }
                String[] kv = line.substring("RESULT ".length()).split("=", 2);
                sample(variant.name() + "_" + kv[0], Double.parseDouble(kv[1]));
            }
        } finally {
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
        if (process.exitValue() != 0 || first) {
            throw new IllegalStateException(variant.name() + " exited with " + process.exitValue() + "; see " + log);
        }
    }

    private void sample(String key, double value) {
        samples.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }

    /** One GET on a new connection; false while nothing listens or the answer is not yet a 200. */
    private static boolean answers200(int port, String path) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                    + "\r\nAuthorization: Bearer lm_key_sandbox_all\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] head = in.readNBytes(12);
            boolean ok = new String(head, StandardCharsets.US_ASCII).startsWith("HTTP/1.1 200");
            if (ok) {
                in.readAllBytes(); // the whole answer, as a client's first request would wait for it
            }
            return ok;
        } catch (ConnectException e) {
            return false;
        } catch (IOException e) {
            // a connection accepted and then reset while the server starts
            return false;
        }
    }

    /** The CPU (user + system, all threads, those ended too) a process has used so far; /proc counts in 1/100 s. */
    static double cpuMillis(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // after the command: state is field 3, utime field 14, stime field 15
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    private static void stop(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    private static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException e) {
            return "?";
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
