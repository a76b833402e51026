package io.bankssandbox.internal.bench;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.openapi.Contracts;
import io.bankssandbox.internal.server.SandboxServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a cold start's time goes, step by step, in a fresh JVM: each step is what the start does
 * anyway, run on its own first so its cost shows (the later steps then find it done). Run it with
 * {@code -Xlog:class+load:file=F:uptimenanos,timenanos} and {@link ClassLoadReport} attributes every
 * class loaded to the step that loaded it, per library.
 *
 * <p>Prints {@code step NAME START_NANOS END_NANOS} lines ({@link System#nanoTime()}); the first
 * step, {@code jvm}, is the JVM's own start up to this main method, taken from the process's start
 * time (10 ms resolution).
 *
 * <p>What a test pays for its first sandbox, against the peers, is {@link FirstStart}'s to measure.
 */
public final class StartupBreakdown {
    private static final String CARD = "card_0000006ffif7l9i19ra5";

    private final List<String> lines = new ArrayList<>();

    private StartupBreakdown() {}

    public static void main(String[] args) throws Exception {
        long mainNanos = System.nanoTime();
        Instant mainWall = Instant.now();
        StartupBreakdown steps = new StartupBreakdown();
        Instant processStart = ProcessHandle.current().info().startInstant().orElse(mainWall);
        long jvmNanos = java.time.Duration.between(processStart, mainWall).toNanos();
        steps.lines.add("step jvm " + (mainNanos - jvmNanos) + " " + mainNanos + " " + threadCpuNanos());
        steps.step("cli", () -> {
            // the standalone jar's command line, parsed as `serve --port 0` would be (not run)
            Class<?> main = Class.forName("io.bankssandbox.internal.standalone.Main");
            Class<?> commandLine = Class.forName("picocli.CommandLine");
            var constructor = main.getDeclaredConstructor();
            constructor.setAccessible(true);
            Object line = commandLine.getConstructor(Object.class).newInstance(constructor.newInstance());
            commandLine.getMethod("parseArgs", String[].class).invoke(line, (Object) new String[] {"serve", "--port", "0"});
        });
        steps.step("openapi", Contracts::openApi);
        steps.step("openapi_validator", Contracts::openApiValidator);
        steps.step("fixtures", () -> SandboxServer.FIXTURES.decode("default", SandboxConfig.DEFAULT_SEED));
        Sandbox[] sandbox = new Sandbox[1];
        steps.step("sandbox_start", () -> sandbox[0] = Sandbox.start());
        steps.step("first_request", () -> expect200(sandbox[0]));
        steps.step("second_request", () -> expect200(sandbox[0]));
        steps.step("close", () -> sandbox[0].close());
        steps.step("second_sandbox", () -> {
            try (Sandbox second = Sandbox.start()) {
                expect200(second);
            }
        });
        steps.lines.forEach(System.out::println);
    }

    private interface Step {
        void run() throws Exception;
    }

    private void step(String name, Step step) throws Exception {
        long cpu0 = threadCpuNanos();
        long t0 = System.nanoTime();
        step.run();
        long t1 = System.nanoTime();
        long cpu = threadCpuNanos() - cpu0;
        lines.add("step " + name + " " + t0 + " " + t1 + " " + cpu);
        System.err.println(String.format(Locale.ROOT, "  %-18s %8.1f ms, %8.1f ms CPU", name, (t1 - t0) / 1e6, cpu / 1e6));
    }

    /**
     * This thread's CPU time from the kernel's scheduler statistics, in nanoseconds: unlike wall
     * time it does not grow when other work on a shared machine takes the cores, and unlike the
     * JMX bean it loads no classes of its own. 0 where /proc is missing.
     */
    static long threadCpuNanos() {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/thread-self/schedstat"));
            return Long.parseLong(stat.substring(0, stat.indexOf(' ')));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * One GET over a plain socket: an HTTP client library would load hundreds of classes of its own
     * and count them as the sandbox's.
     */
    static void expect200(Sandbox sandbox) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", sandbox.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(("GET /v0/cards/" + CARD + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer "
                    + Sandbox.DEFAULT_API_KEY + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] all = in.readAllBytes();
            String head = new String(all, 0, Math.min(all.length, 12), StandardCharsets.US_ASCII);
            if (!head.startsWith("HTTP/1.1 200")) {
                throw new IllegalStateException("expected 200, got " + new String(all, StandardCharsets.UTF_8));
            }
        }
    }
}
