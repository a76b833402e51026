package io.bankssandbox.internal.standalone;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.cards.Card;
import io.bankssandbox.internal.entities.Entity;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.SandboxException;
import io.bankssandbox.internal.runtime.SandboxVersion;
import io.bankssandbox.ClockMode;
import io.bankssandbox.internal.fixtures.FixtureException;
import io.bankssandbox.internal.fixtures.FixtureLoader;
import io.bankssandbox.internal.fixtures.StateCodec;
import io.bankssandbox.internal.server.SandboxServer;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.runtime.LibraryLogging;
import io.bankssandbox.internal.http.RateLimiter;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import java.time.Duration;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code java -jar banks-sandbox.jar [serve] [options]}, {@code replay FILE|DIR...},
 * {@code validate-fixtures DIR}. Every failure a user can cause ends in one line on stderr and a
 * non-zero exit: 2 for a bad command line, 1 for anything else; never a stack trace.
 */
@Command(name = "banks-sandbox", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A stateful, controllable sandbox of the card issuing, inbound payments and lockbox API.%n"
                + "Without a command it serves (same as 'serve').",
        subcommands = {Main.Serve.class, ReplayCommand.class, Main.ValidateFixtures.class})
public final class Main implements Callable<Integer> {
    static final String NAME = "banks-sandbox";

    @CommandLine.Mixin
    ServeOptions options = new ServeOptions();

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        // nearly every command starts a sandbox: its HTTP server and contract load while picocli
        // reads the command line (daemon threads: a command that needs neither does not wait for them)
        Sandbox.warmUp();
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line; what {@link #main} does without exiting the JVM. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler((e, ignored) -> {
            String hint = e instanceof CommandLine.UnmatchedArgumentException unmatched
                    && !unmatched.getSuggestions().isEmpty()
                    ? " (did you mean " + String.join(" or ", unmatched.getSuggestions()) + "? see --help)" : " (see --help)";
            e.getCommandLine().getErr().println(NAME + ": " + e.getMessage() + hint);
            return e.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
        });
        commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println(NAME + ": " + describe(e));
            return 1;
        });
        return commandLine.execute(args);
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

    @Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
            description = "Serve the API, the control API and the dashboard (the default command).")
    static final class Serve implements Callable<Integer> {
        @CommandLine.Mixin
        ServeOptions options = new ServeOptions();

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws InterruptedException {
            return options.serve(spec);
        }
    }

    static final class ServeOptions {
        @Option(names = "--port", defaultValue = "8080", paramLabel = "PORT",
                description = "Port (0 = any free port). Default: ${DEFAULT-VALUE}")
        int port;

        @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "HOST",
                description = "Interface to bind. Default: ${DEFAULT-VALUE}")
        String host;

        @Option(names = "--fixtures", defaultValue = "default", paramLabel = "NAME|DIR",
                description = "Fixture set: a shipped name or a directory. Default: ${DEFAULT-VALUE}")
        String fixtures;

        @Option(names = "--clock", defaultValue = "running", paramLabel = "frozen|running",
                converter = ClockModeConverter.class,
                description = "frozen: time moves only when advanced; running: follows the wall clock. Default: ${DEFAULT-VALUE}")
        ClockMode clock;

        @Option(names = "--start", paramLabel = "TS", converter = InstantConverter.class,
                description = "Clock start instant (ISO 8601, e.g. 2026-01-15T09:00:00Z). Default: the fixture set's")
        Instant start;

        @Option(names = "--seed", defaultValue = "42", paramLabel = "N",
                description = "Seed of generated ids: the same seed gives the same ids. Default: ${DEFAULT-VALUE}")
        long seed;

        @Option(names = "--state-file", paramLabel = "FILE",
                description = "Keep the whole state (clock and idempotency keys included) in FILE (a snapshot) and FILE.log "
                        + "(every change since, fsynced before it is answered): loaded at start if it exists. "
                        + "Only this sandbox's: sandboxes started on demand live in memory.")
        Path stateFile;

        @Option(names = "--max-import-size", defaultValue = "256MiB", paramLabel = "SIZE", converter = ByteSizeConverter.class,
                description = "Largest state document PUT /_sandbox/state takes (413 beyond): 512MiB, 1GiB or bytes. "
                        + "The 1 MiB limit of /v0 bodies is not this one. Default: ${DEFAULT-VALUE}")
        long maxImportSize;

        @Option(names = "--admin-token", paramLabel = "T",
                description = "Require 'Authorization: Bearer T' on the control API (/_sandbox).")
        String adminToken;

        @Option(names = "--cors-origins", split = ",", paramLabel = "LIST",
                description = "Comma-separated origins allowed by CORS, '*' matching a port or any origin. "
                        + "Default: any localhost origin (http://localhost:*, http://127.0.0.1:*)")
        List<String> corsOrigins;

        @Option(names = "--rate-limit", defaultValue = "0", paramLabel = "N",
                description = "Requests per API key in one --rate-limit-window (429 with Retry-After beyond); 0 = off. "
                        + "Default: off")
        int rateLimit;

        @Option(names = "--rate-limit-window", defaultValue = "PT1M", paramLabel = "D", converter = DurationConverter.class,
                description = "The rate limit's window per key (ISO 8601, wall-clock time; PT1S for a quick retry test); "
                        + "Retry-After is never longer than what remains of it. Default: ${DEFAULT-VALUE}")
        Duration rateLimitWindow;

        @Option(names = "--verbose", description = "Log every request and the server's startup.")
        boolean verbose;

        @Option(names = "--max-sandboxes", defaultValue = "32", paramLabel = "N",
                description = "Most sandboxes started on demand (POST /_sandbox/sandboxes) open at once, this one not "
                        + "counted; one more is a 429. Default: ${DEFAULT-VALUE}")
        int maxSandboxes;

        @Option(names = "--sandbox-idle-timeout", defaultValue = "PT30M", paramLabel = "D", converter = DurationConverter.class,
                description = "Close a sandbox started on demand after this long (ISO 8601, wall-clock time) without a "
                        + "request. Default: ${DEFAULT-VALUE}")
        Duration sandboxIdleTimeout;

        @Option(names = "--stop-on-stdin-close",
                description = "Stop as soon as standard input closes: a test runner that starts the server with a pipe "
                        + "leaves no JVM behind when it ends, even by kill -9.")
        boolean stopOnStdinClose;

        @Option(names = "--webhook", paramLabel = "URL",
                description = "Send transaction.created and entity.connected, as the first API key sees them, to URL "
                        + "(http or https, or inbox for the sandbox's own receiver). Repeatable; survives reset.")
        List<String> webhooks = new java.util.ArrayList<>();

        Integer serve(CommandSpec spec) throws InterruptedException {
            if (port < 0 || port > 65535) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--port must be between 0 and 65535, not " + port);
            }
            if (maxSandboxes < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--max-sandboxes must be 0 or more, not " + maxSandboxes);
            }
            if (sandboxIdleTimeout.isNegative() || sandboxIdleTimeout.isZero()) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--sandbox-idle-timeout must be a positive duration, not " + sandboxIdleTimeout);
            }
            if (rateLimit < 0) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--rate-limit must be 0 (off) or more, not " + rateLimit);
            }
            if (RateLimiter.windowProblem(rateLimitWindow) != null) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--rate-limit-window " + RateLimiter.windowProblem(rateLimitWindow));
            }
            if (verbose) {
                // slf4j-simple reads these when the first logger is made, which is after this point
                System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
                System.setProperty("org.slf4j.simpleLogger.log.io.bankssandbox", "debug");
                System.setProperty("org.slf4j.simpleLogger.log.io.javalin.Javalin", "info");
            }
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            SandboxConfig.Builder config = SandboxConfig.builder().host(host).port(port).fixtures(fixtures)
                    .clockMode(clock).start(start).seed(seed).adminToken(adminToken).rateLimitPerMinute(rateLimit)
                    .rateLimitWindow(rateLimitWindow)
                    .stateFile(stateFile).maxImportBytes(maxImportSize)
                    // the CLI prints its own banner below; --verbose adds request lines and the libraries' logs
                    .output(verbose ? SandboxConfig.Output.VERBOSE : SandboxConfig.Output.SILENT);
            if (corsOrigins != null) {
                config.corsOrigins(corsOrigins);
            }
            webhooks.forEach(config::webhook);
            if (adminToken == null && !isLoopback(host)) {
                err.println("Warning: listening on " + host + " without --admin-token: anyone who can reach this port "
                        + "can reset, rewrite or read the sandbox's state through /_sandbox.");
            }
            if (!verbose) {
                LibraryLogging.quiet(); // before the first library class logs
            }
            // the server itself, not the Sandbox handle: the limits of sandboxes on demand are the command
            // line's to set, not a Java user's (an embedded user starts more sandboxes with Sandbox.start)
            SandboxServer server = new SandboxServer(runtimeConfig(config.build(),
                    new RuntimeConfig.OnDemandLimits(maxSandboxes, sandboxIdleTimeout)));
            server.start();
            String baseUrl = "http://" + ("0.0.0.0".equals(host) ? "127.0.0.1" : host) + ":" + server.port();
            out.println("Banks Sandbox listening on " + baseUrl);
            out.println("API keys:");
            for (ApiKey key : server.runtime().state().read(s -> List.copyOf(s.apiKeys))) {
                out.println("  " + key.key() + (key.description() == null || key.description().isBlank()
                        ? "" : "  (" + key.description() + ")"));
            }
            out.println("Dashboard: " + baseUrl + "/_sandbox/ui");
            for (String webhook : webhooks) {
                out.println("Webhook: " + webhook);
            }
            if (stateFile != null) {
                out.println("State file: " + stateFile.toAbsolutePath());
            }
            if (stopOnStdinClose) {
                out.println("Stops when standard input closes (--stop-on-stdin-close).");
            }
            out.println("Press Ctrl-C to stop.");
            out.flush();
            CountDownLatch stopped = new CountDownLatch(1);
            Thread shutdown = new Thread(() -> {
                server.stop();
                stopped.countDown();
            }, "banks-sandbox-shutdown");
            Runtime.getRuntime().addShutdownHook(shutdown);
            if (stopOnStdinClose) {
                StdinWatch.start(System.in, stopped::countDown);
            }
            stopped.await();
            server.stop(); // standard input closed: the same clean stop as a signal's
            try {
                Runtime.getRuntime().removeShutdownHook(shutdown);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down (a signal): the hook runs anyway
            }
            return 0;
        }

        /**
         * What {@code Sandbox.start} would run for {@code config}, with the limits of sandboxes on demand
         * (which the public configuration does not carry).
         */
        static RuntimeConfig runtimeConfig(SandboxConfig config, RuntimeConfig.OnDemandLimits onDemand) {
            return new RuntimeConfig(config.host(), config.port(), config.fixtures(),
                    io.bankssandbox.internal.clock.ClockMode.valueOf(config.clockMode().name()), config.start(),
                    config.seed(), config.adminToken(), config.corsOrigins(), config.rateLimitPerMinute(),
                    config.rateLimitWindow(),
                    config.stateFile(), config.maxImportBytes(), config.fixtureDocuments(),
                    config.extraApiKeys().stream().map(k -> new ApiKey(k.key(), k.description(), k.entityIds())).toList(),
                    config.webhooks(), config.output() == SandboxConfig.Output.VERBOSE, onDemand);
        }

        private static boolean isLoopback(String host) {
            try {
                return InetAddress.getByName(host).isLoopbackAddress();
            } catch (UnknownHostException e) {
                return false; // Jetty will say it cannot bind; do not hide the warning
            }
        }
    }

    @Command(name = "validate-fixtures", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
            description = "Check a fixture set (a directory, or a shipped set's name) against the fixture schemas and rules.")
    static final class ValidateFixtures implements Callable<Integer> {
        @Parameters(arity = "1", paramLabel = "DIR", description = "Fixture directory (entities.json, accounts.json, ...).")
        String directory;

        @Option(names = "--seed", defaultValue = "42", paramLabel = "N", description = "Seed of generated ids. Default: ${DEFAULT-VALUE}")
        long seed;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            try {
                StateCodec codec = SandboxServer.FIXTURES.codec();
                StateCodec.Decoded decoded = codec.decode(FixtureLoader.read(codec.files(), directory), seed);
                var state = decoded.state();
                out.println("OK " + directory + ": " + state.table(Entity.TABLE).size() + " entities, " + state.table(Account.TABLE).size()
                        + " accounts, " + state.table(Card.TABLE).size() + " cards, " + state.apiKeys.size() + " API keys");
                return 0;
            } catch (FixtureException e) {
                for (String problem : e.problems()) {
                    err.println(problem);
                }
                err.println(NAME + ": " + directory + " is not a valid fixture set (" + e.problems().size()
                        + (e.problems().size() == 1 ? " problem)" : " problems)"));
                return 1;
            }
        }
    }

    static final class ClockModeConverter implements CommandLine.ITypeConverter<ClockMode> {
        @Override
        public ClockMode convert(String value) {
            try {
                return ClockMode.valueOf(value.toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("must be frozen or running, not '" + value + "'");
            }
        }
    }

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Duration.parse(value);
            } catch (java.time.format.DateTimeParseException e) {
                throw new CommandLine.TypeConversionException("'" + value
                        + "' is not an ISO 8601 duration such as PT30M or PT10S");
            }
        }
    }

    static final class InstantConverter implements CommandLine.ITypeConverter<Instant> {
        @Override
        public Instant convert(String value) {
            try {
                return Instant.parse(value);
            } catch (java.time.format.DateTimeParseException e) {
                throw new CommandLine.TypeConversionException("'" + value
                        + "' is not an ISO 8601 instant such as 2026-01-15T09:00:00Z");
            }
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {NAME + " " + SandboxVersion.current()};
        }
    }
}
