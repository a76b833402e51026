package io.bankssandbox.internal.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandLineTest {
    @TempDir
    Path temp;

    @Test
    void helpListsEveryServeOptionAndTheCommands() {
        Cli cli = Cli.run("--help");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out()).contains("--port", "--host", "--fixtures", "--clock", "--start", "--seed", "--state-file",
                "--max-import-size", "--admin-token", "--cors-origins", "--rate-limit", "--rate-limit-window", "--verbose", "--webhook",
                "--max-sandboxes", "--sandbox-idle-timeout", "--stop-on-stdin-close", "serve",
                "replay", "validate-fixtures");
        assertThat(Cli.run("serve", "--help").out().replaceAll("\\s+", " "))
                .contains("--state-file").contains("sandboxes started on demand live in memory");
        assertThat(Cli.run("replay", "--help").out()).contains("N passed, M failed");
    }

    @Test
    void versionNamesTheProjectVersionTheBuildWrote() {
        Cli cli = Cli.run("--version");
        assertThat(cli.exitCode()).isZero();
        assertThat(cli.out().trim()).isEqualTo("banks-sandbox " + System.getProperty("project.version"));
    }

    @Test
    void unknownOptionIsOneLineAndExitCode2() {
        Cli cli = Cli.run("--prot=8080");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err().lines().count()).isEqualTo(1);
        assertThat(cli.err()).startsWith("banks-sandbox: Unknown option: '--prot=8080'").endsWith("see --help)\n");
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void badOptionValuesAreOneLineEach() {
        for (String[] args : new String[][] {
                {"--clock", "sometimes"}, {"--port", "eighty"}, {"--port", "70000"}, {"--start", "yesterday"},
                {"--rate-limit", "-1"}, {"serve", "--seed", "x"}, {"--max-import-size", "lots"},
                {"--max-import-size", "0"}, {"--max-import-size", "12TB"}, {"--max-sandboxes", "-1"},
                {"--max-sandboxes", "many"}, {"--sandbox-idle-timeout", "30m"}, {"--sandbox-idle-timeout", "PT0S"},
                {"--sandbox-idle-timeout", "-PT5M"}, {"--rate-limit-window", "1m"}, {"--rate-limit-window", "PT0S"},
                {"--rate-limit-window", "P2D"}}) {
            Cli cli = Cli.run(args);
            assertThat(cli.exitCode()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(cli.err().lines().count()).as(cli.err()).isEqualTo(1);
            assertThat(cli.err()).startsWith("banks-sandbox: ").doesNotContain("Exception", "\tat ");
        }
        assertThat(Cli.run("--clock", "sometimes").err()).contains("must be frozen or running");
        assertThat(Cli.run("--max-import-size", "lots").err()).contains("'lots' is not a size such as 256MiB, 1GiB or 1048576");
        assertThat(Cli.run("--sandbox-idle-timeout", "30m").err()).startsWith(
                "banks-sandbox: Invalid value for option '--sandbox-idle-timeout': '30m' is not an ISO 8601 duration such as PT30M or PT10S");
        assertThat(Cli.run("--sandbox-idle-timeout", "PT0S").err())
                .startsWith("banks-sandbox: --sandbox-idle-timeout must be a positive duration, not PT0S");
        assertThat(Cli.run("--max-sandboxes", "-1").err()).startsWith("banks-sandbox: --max-sandboxes must be 0 or more, not -1");
        assertThat(Cli.run("--rate-limit-window", "1m").err()).startsWith(
                "banks-sandbox: Invalid value for option '--rate-limit-window': '1m' is not an ISO 8601 duration such as PT30M or PT10S");
        assertThat(Cli.run("--rate-limit-window", "P2D").err()).startsWith("banks-sandbox: --rate-limit-window must be a positive"
                + " ISO 8601 duration of at most PT24H (such as PT1M or PT1S), not PT48H");
    }

    @Test
    void aWebhookThatIsNotAnHttpUrlIsOneLineAndExitCode1() {
        Cli cli = Cli.run("--port", "0", "--webhook", "ftp://example.com/hooks");
        assertThat(cli.exitCode()).isEqualTo(1);
        assertThat(cli.err().lines().count()).as(cli.err()).isEqualTo(1);
        assertThat(cli.err()).startsWith("banks-sandbox: ").contains("ftp://example.com/hooks")
                .doesNotContain("Exception", "\tat ");
        assertThat(cli.out()).doesNotContain("listening");
    }

    @Test
    void badFixtureDirectoryIsOneLineAndExitCode1() throws IOException {
        Cli missing = Cli.run("--port", "0", "--fixtures", temp.resolve("nope").toString());
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err().trim()).startsWith("banks-sandbox: bad fixtures: ").contains("nope");
        assertThat(missing.err().lines().count()).isEqualTo(1);

        Path broken = Files.createDirectories(temp.resolve("broken"));
        Files.writeString(broken.resolve("entities.json"), "[{\"id\": 1}]");
        Cli invalid = Cli.run("serve", "--port", "0", "--fixtures", broken.toString());
        assertThat(invalid.exitCode()).isEqualTo(1);
        assertThat(invalid.err().lines().count()).as(invalid.err()).isEqualTo(1);
        assertThat(invalid.err()).startsWith("banks-sandbox: bad fixtures: entities.json").doesNotContain("\tat ");
    }

    @Test
    void validateFixturesAcceptsTheDefaultSetAndNamesEveryProblemOfABadOne() throws IOException {
        Cli ok = Cli.run("validate-fixtures", "default");
        assertThat(ok.exitCode()).isZero();
        assertThat(ok.out()).startsWith("OK default: ").contains("entities", "API keys");

        Path broken = Files.createDirectories(temp.resolve("broken"));
        Files.writeString(broken.resolve("entities.json"), "[{\"id\": 1}]");
        Files.writeString(broken.resolve("accounts.json"), "{ not json");
        Cli bad = Cli.run("validate-fixtures", broken.toString());
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains("accounts.json").contains("is not a valid fixture set");

        Path schemaBroken = Files.createDirectories(temp.resolve("schema"));
        Files.writeString(schemaBroken.resolve("entities.json"), "[{\"id\": 1}]");
        Cli schema = Cli.run("validate-fixtures", schemaBroken.toString());
        assertThat(schema.exitCode()).isEqualTo(1);
        assertThat(schema.err()).contains("entities.json");

        Cli empty = Cli.run("validate-fixtures", Files.createDirectories(temp.resolve("empty")).toString());
        assertThat(empty.exitCode()).isEqualTo(1);
        assertThat(empty.err()).contains("no fixture files");
    }

    @Test
    void aPortInUseIsOneLine() throws IOException {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Cli cli = Cli.run("--port", String.valueOf(taken.getLocalPort()));
            assertThat(cli.exitCode()).isEqualTo(1);
            assertThat(cli.err().lines().count()).as(cli.err()).isEqualTo(1);
            assertThat(cli.err()).startsWith("banks-sandbox: ").doesNotContain("\tat ");
            assertThat(cli.out()).isEmpty();
        }
    }

    @Test
    void replayWithoutScenariosIsABadCommandLine() {
        Cli cli = Cli.run("replay");
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err().trim()).isEqualTo("banks-sandbox: give scenario files or directories, or --shipped (see --help)");
    }

    @Test
    void replayOfAMissingFileIsABadCommandLine() {
        Cli cli = Cli.run("replay", temp.resolve("missing.json").toString());
        assertThat(cli.exitCode()).isEqualTo(2);
        assertThat(cli.err().trim()).startsWith("banks-sandbox: no such file or directory: ");
    }
}
