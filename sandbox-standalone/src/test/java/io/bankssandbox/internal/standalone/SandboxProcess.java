package io.bankssandbox.internal.standalone;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The standalone server as a separate JVM, started the way a user starts it (same main class, the
 * test classpath instead of the shaded jar, which does not exist yet in the test phase), so a test
 * can send it SIGTERM or kill -9.
 */
final class SandboxProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("Banks Sandbox listening on (http://\\S+)");

    private final Process process;
    private final List<String> out = Collections.synchronizedList(new ArrayList<>());
    private final StringBuffer err = new StringBuffer();
    private final CountDownLatch listening = new CountDownLatch(1);
    private volatile String baseUrl;

    private SandboxProcess(Process process) {
        this.process = process;
        Thread stdout = new Thread(() -> pump(process, true), "sandbox-stdout");
        stdout.setDaemon(true);
        stdout.start();
        Thread stderr = new Thread(() -> pump(process, false), "sandbox-stderr");
        stderr.setDaemon(true);
        stderr.start();
    }

    static SandboxProcess start(String... args) throws IOException, InterruptedException {
        return start(Map.of(), args);
    }

    /** With these environment variables added to the test JVM's. */
    static SandboxProcess start(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        SandboxProcess started = launch(environment, args);
        if (!started.listening.await(120, TimeUnit.SECONDS)) {
            started.process.destroyForcibly();
            throw new IllegalStateException("no listening line within 120 s; stdout " + started.out + " stderr " + started.err);
        }
        return started;
    }

    /** Starts without waiting for the listening line (for commands that are expected to fail). */
    static SandboxProcess launch(String... args) throws IOException {
        return launch(Map.of(), args);
    }

    static SandboxProcess launch(Map<String, String> environment, String... args) throws IOException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
                "-cp", classpath, Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().putAll(environment);
        return new SandboxProcess(builder.start());
    }

    private void pump(Process p, boolean stdout) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                stdout ? p.getInputStream() : p.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (stdout) {
                    out.add(line);
                    Matcher m = LISTENING.matcher(line);
                    if (m.find()) {
                        baseUrl = m.group(1);
                    }
                    if (line.startsWith("Press Ctrl-C")) {
                        listening.countDown(); // the last line of the banner: keys and URLs are printed
                    }
                } else {
                    err.append(line).append('\n');
                }
            }
        } catch (IOException e) {
            // the process went away: what it printed is kept
        }
    }

    String baseUrl() {
        return baseUrl;
    }

    List<String> stdout() {
        synchronized (out) {
            return new ArrayList<>(out);
        }
    }

    String stderr() {
        return err.toString();
    }

    /** Closes the process's standard input, as a parent that ends does. */
    void closeStdin() throws IOException {
        process.getOutputStream().close();
    }

    /** SIGTERM, as Ctrl-C or a service manager sends; returns the exit code. */
    int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("did not stop within 60 s of SIGTERM");
        }
        return process.exitValue();
    }

    /** kill -9: no shutdown hook, no flush. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(60, TimeUnit.SECONDS);
    }

    /** Waits for a process that should end by itself; returns its exit code. */
    int waitForExit() throws InterruptedException {
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("did not exit");
        }
        Thread.sleep(100); // let the pumps read the last lines
        return process.exitValue();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
