package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A container runs {@code health} every 5 s beside the server, each time in a new JVM: it must load
 * only its own command, not what {@code serve} needs (the sandbox, Jetty, the contract's validator),
 * which doubled the CPU time of every check.
 */
class HealthCommandWeightTest {
    private static final Pattern SERVE_ONLY = Pattern.compile(
            "\\] (org\\.eclipse\\.jetty\\.\\S+|io\\.javalin\\.\\S+|com\\.networknt\\.\\S+|io\\.bankssandbox\\.Sandbox) source");

    @Test
    void aHealthCheckLoadsNeitherTheSandboxNorItsServer() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:stdout", "-cp", classpath, Main.class.getName(), "health", "--port", String.valueOf(closed)))
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).isEqualTo(1);
        assertThat(output).contains("banks-sandbox: unhealthy: http://127.0.0.1:" + closed + "/_sandbox/health: ");
        assertThat(output).as("the class loading log is on").contains("] picocli.CommandLine source");
        assertThat(output.lines().filter(line -> SERVE_ONLY.matcher(line).find()).toList()).isEmpty();
    }
}
