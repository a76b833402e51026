package io.bankssandbox.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.SandboxConfig;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What a user's test run shows of the sandbox, read from a real JVM's console: {@link ConsoleProbe}
 * runs in a JVM of its own, stdout and stderr captured together, on the class path of a user
 * without a logging provider (SLF4J's no-provider case) and of one with slf4j-simple at its
 * defaults. By default, one line per sandbox and nothing from Jetty, Javalin, SLF4J or the schema
 * library; {@code -Dbankssandbox.output} switches to none or to everything.
 */
class ConsoleOutputTest {
    private static final String SANDBOX_LINE =
            "Banks Sandbox \\S+ on http://127\\.0\\.0\\.1:\\d+ \\(fixtures default; -Dbankssandbox\\.output=verbose "
                    + "for more, =silent for none\\)";

    /** slf4j-simple's own default level (this module's test resources set WARN for its own runs). */
    private static final String SLF4J_SIMPLE_AT_INFO = "-Dorg.slf4j.simpleLogger.defaultLogLevel=info";

    private record Run(int exitCode, List<String> lines) {}

    private static Run probe(boolean withLoggingProvider, String... systemProperties) throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> withLoggingProvider || !Path.of(entry).getFileName().toString().startsWith("slf4j-simple"))
                .collect(Collectors.joining(File.pathSeparator));
        assertThat(classPath).contains("slf4j-api");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // C1 only and one GC thread, as the build's own test JVMs (the parent POM's argLine): C2's and G1's
        // threads took CPU from the tests running beside this one, and neither prints a line
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.addAll(List.of(systemProperties));
        command.addAll(List.of("-cp", classPath, ConsoleProbe.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output;
        try {
            output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            process.destroyForcibly();
            throw e;
        }
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return new Run(process.exitValue(), output.lines().toList());
    }

    /** The probe's two sandboxes' lines, then its own last line: nothing from any library. */
    private static void assertOneLinePerSandboxAndNothingElse(Run run) {
        assertThat(run.exitCode()).as(String.join("\n", run.lines())).isZero();
        assertThat(run.lines()).hasSize(3);
        assertThat(run.lines().subList(0, 2)).allMatch(line -> line.matches(SANDBOX_LINE), "the sandbox's line");
        assertThat(run.lines().get(2)).isEqualTo("PROBE-END");
    }

    @Test
    void withoutALoggingProviderAUserSeesOneLinePerSandboxAndNothingElse() throws Exception {
        assertOneLinePerSandboxAndNothingElse(probe(false));
    }

    @Test
    void onSlf4jSimpleLoggingInfoAUserSeesOneLinePerSandboxAndNothingElse() throws Exception {
        assertOneLinePerSandboxAndNothingElse(probe(true, SLF4J_SIMPLE_AT_INFO));
    }

    @Test
    void silentPrintsNothingAtAll() throws Exception {
        Run run = probe(false, "-Dbankssandbox.output=silent");

        assertThat(run.lines()).containsExactly("PROBE-END");
    }

    @Test
    void verboseAddsOneLinePerRequestAndTheLibrariesOwnLogs() throws Exception {
        Run run = probe(true, SLF4J_SIMPLE_AT_INFO, "-Dorg.slf4j.simpleLogger.log.com.networknt=info",
                "-Dbankssandbox.output=VERBOSE");

        assertThat(run.exitCode()).as(String.join("\n", run.lines())).isZero();
        assertThat(run.lines()).filteredOn(line -> line.matches(SANDBOX_LINE)).hasSize(2);
        assertThat(run.lines()).anyMatch(line -> line.contains("io.bankssandbox.internal.requests - POST /v0/nothing -> 404"));
        assertThat(run.lines()).anyMatch(line -> line.contains("io.bankssandbox.internal.requests - POST /v0/cards -> 400"));
        assertThat(run.lines()).anyMatch(line -> line.contains("org.eclipse.jetty") && line.contains("Started"));
        // the OpenAPI document's own fields are not schema keywords: read without a warning even here
        assertThat(run.lines()).noneMatch(line -> line.contains("Unknown keyword"));
    }

    @Test
    void theOutputSettingIsOneOfThreeWordsAndAnythingElseSaysTheChoices() {
        assertThat(SandboxConfig.Output.parse(null)).isEqualTo(SandboxConfig.Output.ONE_LINE);
        assertThat(SandboxConfig.Output.parse(" ")).isEqualTo(SandboxConfig.Output.ONE_LINE);
        assertThat(SandboxConfig.Output.parse("one-line")).isEqualTo(SandboxConfig.Output.ONE_LINE);
        assertThat(SandboxConfig.Output.parse("Silent")).isEqualTo(SandboxConfig.Output.SILENT);
        assertThat(SandboxConfig.Output.parse("VERBOSE")).isEqualTo(SandboxConfig.Output.VERBOSE);
        assertThatThrownBy(() -> SandboxConfig.Output.parse("loud"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dbankssandbox.output=loud is not one of silent, one-line, verbose");
    }

    @Test
    void theBuildersChoiceWinsOverTheSystemProperty() {
        assertThat(SandboxConfig.builder().output(SandboxConfig.Output.SILENT).build().output())
                .isEqualTo(SandboxConfig.Output.SILENT);
        assertThat(SandboxConfig.builder().build().toBuilder().output(SandboxConfig.Output.VERBOSE).build().output())
                .isEqualTo(SandboxConfig.Output.VERBOSE);
    }
}
