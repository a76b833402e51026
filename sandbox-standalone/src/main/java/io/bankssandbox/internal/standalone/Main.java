package io.bankssandbox.internal.standalone;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxException;
import io.bankssandbox.internal.runtime.SandboxVersion;
import io.bankssandbox.internal.fixtures.FixtureException;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar banks-sandbox.jar [serve] [options]}, {@code replay FILE|DIR...},
 * {@code validate-fixtures DIR}, {@code health}. Every failure a user can cause ends in one line on stderr and a
 * non-zero exit: 2 for a bad command line, 1 for anything else; never a stack trace.
 */
@Command(name = "banks-sandbox", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A stateful, controllable sandbox of the card issuing, inbound payments and lockbox API.%n"
                + "Without a command it serves (same as 'serve').",
        subcommands = {ServeCommand.class, ReplayCommand.class, ValidateFixturesCommand.class, HealthCommand.class})
public final class Main implements Callable<Integer> {
    static final String NAME = "banks-sandbox";

    @CommandLine.Mixin
    ServeOptions options = new ServeOptions();

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        if (!List.of(args).contains("health")) {
            // nearly every command starts a sandbox: its HTTP server and contract load while picocli
            // reads the command line (daemon threads: a command that needs neither does not wait for them).
            // Not for a health check, which a container runs every few seconds beside the server.
            Sandbox.warmUp();
        }
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line; what {@link #main} does without exiting the JVM. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(args, System.getenv(), out, err);
    }

    /** Runs one command line in an environment of its own (its {@code BANKS_SANDBOX_*} variables are options). */
    public static int execute(String[] args, Map<String, String> environment, PrintWriter out, PrintWriter err) {
        // A container's health check runs this every few seconds beside the server: it builds its own
        // command alone, since serve's options load the sandbox, Jetty and the contract (that doubled a
        // check's CPU time).
        boolean health = args.length > 0 && args[0].equals("health");
        CommandLine commandLine = health
                ? new CommandLine(new HealthCommand()).setCommandName(NAME + " health")
                : new CommandLine(new Main());
        commandLine.setOut(out);
        commandLine.setErr(err);
        // serve's options (the root command's too) and what health reads of them: not replay's
        EnvironmentDefaults defaults = new EnvironmentDefaults(environment);
        commandLine.getCommandSpec().defaultValueProvider(defaults);
        for (String command : health ? List.<String>of() : List.of("serve", "health")) {
            commandLine.getSubcommands().get(command).getCommandSpec().defaultValueProvider(defaults);
        }
        commandLine.setParameterExceptionHandler((e, ignored) -> {
            String hint = e instanceof CommandLine.UnmatchedArgumentException unmatched
                    && !unmatched.getSuggestions().isEmpty()
                    ? " (did you mean " + String.join(" or ", unmatched.getSuggestions()) + "? see --help)" : " (see --help)";
            e.getCommandLine().getErr().println(NAME + ": " + defaults.explain(e) + hint);
            return e.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
        });
        commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println(NAME + ": " + describe(e));
            return 1;
        });
        return commandLine.execute(health ? Arrays.copyOfRange(args, 1, args.length) : args);
    }

    /** One line for a failure: the problem in the user's terms, not the exception's. */
    static String describe(Throwable e) {
        if (e instanceof FixtureException fixture) {
            return badFixtures(fixture.problems());
        }
        if (e instanceof SandboxException refused && refused.status() == 400) {
            return badFixtures(refused.messages()); // Sandbox.start's answer to an invalid fixture set
        }
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() != null ? cause.getMessage() : e.getMessage();
        if (cause instanceof java.net.BindException || (message != null && message.toLowerCase().contains("in use"))) {
            return "could not listen: " + message;
        }
        if (message == null) {
            message = cause.getClass().getSimpleName();
        }
        return message.lines().findFirst().orElse(message);
    }

    private static String badFixtures(List<String> problems) {
        String first = problems.isEmpty() ? "invalid fixtures" : problems.get(0);
        return "bad fixtures: " + first + (problems.size() > 1
                ? " (and " + (problems.size() - 1) + " more; run validate-fixtures to see them all)" : "");
    }

    @Override
    public Integer call() throws InterruptedException {
        return options.serve(spec);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {NAME + " " + SandboxVersion.current()};
        }
    }
}
