package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --stop-on-stdin-close}: when the process that started the server dies, even by
 * SIGKILL (no hook of its own runs), the server's standard input closes and the server's JVM exits,
 * sandboxes started on demand with it. Real processes: a parent JVM starting the server's JVM.
 */
class StopOnStdinCloseTest {
    private static final Pattern LISTENING = Pattern.compile("Banks Sandbox listening on (http://\\S+)");

    @TempDir
    Path temp;

    @Test
    void theServerExitsWhenItsParentIsKilledBySigkill() throws Exception {
        Path output = temp.resolve("server.out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", classpath,
                StdinParent.class.getName(), output.toString(),
                java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", classpath, Main.class.getName(),
                "serve", "--port", "0", "--stop-on-stdin-close"));
        Process parent = new ProcessBuilder(command).redirectErrorStream(true).start();
        ProcessHandle server = null;
        try {
            BufferedReader parentOut = new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8));
            String line = parentOut.readLine();
            assertThat(line).as("the parent's first line").startsWith("server pid ");
            server = ProcessHandle.of(Long.parseLong(line.substring("server pid ".length()))).orElseThrow();
            String baseUrl = awaitListening(output);
            // a sandbox on demand, so the whole process is in use when its parent dies
            String created = Http.send(baseUrl + "/_sandbox/sandboxes", "POST", null, null, "{}").body();
            String child = Http.JSON.readTree(created).get("base_url").asText();
            assertThat(Http.get(child + "/_sandbox/health", null).statusCode()).isEqualTo(200);
            assertThat(Files.readString(output)).contains("Stops when standard input closes (--stop-on-stdin-close).");

            Runtime.getRuntime().exec(new String[] {"kill", "-9", String.valueOf(parent.pid())}).waitFor();
            assertThat(parent.waitFor(30, TimeUnit.SECONDS)).as("the parent died").isTrue();
            assertThat(parent.exitValue()).isEqualTo(137); // 128 + SIGKILL: nothing of its own ran
            assertThat(server.onExit().get(60, TimeUnit.SECONDS).isAlive()).as("the server's JVM exited").isFalse();
        } finally {
            parent.destroyForcibly();
            if (server != null) {
                server.destroyForcibly();
            }
        }
    }

    @Test
    void closingStandardInputStopsTheServerCleanly() throws Exception {
        try (SandboxProcess server = SandboxProcess.start("serve", "--port", "0", "--stop-on-stdin-close")) {
            assertThat(Http.get(server.baseUrl() + "/_sandbox/health", null).statusCode()).isEqualTo(200);
            server.closeStdin();
            assertThat(server.waitForExit()).isZero();
            assertThat(server.stderr()).isEmpty();
        }
    }

    private static String awaitListening(Path output) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            String printed = Files.exists(output) ? Files.readString(output) : "";
            Matcher matcher = LISTENING.matcher(printed);
            if (matcher.find() && printed.contains("Press Ctrl-C to stop.")) {
                return matcher.group(1);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the server printed no listening line within 120 s: "
                + (Files.exists(output) ? Files.readString(output) : "nothing"));
    }
}
