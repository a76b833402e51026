package io.bankssandbox.internal.standalone;

import io.bankssandbox.ClockMode;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.http.RateLimiter;
import io.bankssandbox.internal.runtime.LibraryLogging;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.server.SandboxServer;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options of {@code serve} (also the root command's, which serves when no command is named), each
 * one also an environment variable ({@link EnvironmentDefaults}), and the server they start.
 */
final class ServeOptions {
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
            converter = ValueConverters.ClockModeConverter.class,
            description = "frozen: time moves only when advanced; running: follows the wall clock. Default: ${DEFAULT-VALUE}")
    ClockMode clock;

    @Option(names = "--start", paramLabel = "TS", converter = ValueConverters.InstantConverter.class,
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

    @Option(names = "--rate-limit-window", defaultValue = "PT1M", paramLabel = "D", converter = ValueConverters.DurationConverter.class,
            description = "The rate limit's window per key (ISO 8601, wall-clock time; PT1S for a quick retry test); "
                    + "Retry-After is never longer than what remains of it. Default: ${DEFAULT-VALUE}")
    Duration rateLimitWindow;

    @Option(names = "--verbose", description = "Log every request and the server's startup.")
    boolean verbose;

    @Option(names = "--max-sandboxes", defaultValue = "32", paramLabel = "N",
            description = "Most sandboxes started on demand (POST /_sandbox/sandboxes) open at once, this one not "
                    + "counted; one more is a 429. Default: ${DEFAULT-VALUE}")
    int maxSandboxes;

    @Option(names = "--sandbox-idle-timeout", defaultValue = "PT30M", paramLabel = "D", converter = ValueConverters.DurationConverter.class,
            description = "Close a sandbox started on demand after this long (ISO 8601, wall-clock time) without a "
                    + "request. Default: ${DEFAULT-VALUE}")
    Duration sandboxIdleTimeout;

    @Option(names = "--stop-on-stdin-close",
            description = "Stop as soon as standard input closes: a test runner that starts the server with a pipe "
                    + "leaves no JVM behind when it ends, even by kill -9.")
    boolean stopOnStdinClose;

    @Option(names = "--webhook", paramLabel = "URL", split = ",(?=https?://|inbox)", splitSynopsisLabel = ",",
            description = "Send transaction.created and entity.connected, as the first API key sees them, to URL "
                    + "(http or https, or inbox for the sandbox's own receiver). Repeatable, or several separated by commas; "
                    + "survives reset.")
    List<String> webhooks = new java.util.ArrayList<>();

    Integer serve(CommandSpec spec) throws InterruptedException {
        if (spec.defaultValueProvider() instanceof EnvironmentDefaults environment) {
            environment.refuseUnknown(spec);
        }
        check(spec, "--port", port >= 0 && port <= 65535, "must be between 0 and 65535, not " + port);
        check(spec, "--max-sandboxes", maxSandboxes >= 0, "must be 0 or more, not " + maxSandboxes);
        check(spec, "--sandbox-idle-timeout", !sandboxIdleTimeout.isNegative() && !sandboxIdleTimeout.isZero(),
                "must be a positive duration, not " + sandboxIdleTimeout);
        check(spec, "--rate-limit", rateLimit >= 0, "must be 0 (off) or more, not " + rateLimit);
        String window = RateLimiter.windowProblem(rateLimitWindow);
        check(spec, "--rate-limit-window", window == null, window);
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

    /** A rule of one option's value, named as the user gave it (option or variable), as picocli's own checks are. */
    private static void check(CommandSpec spec, String option, boolean holds, String rule) {
        if (!holds) {
            String name = spec.defaultValueProvider() instanceof EnvironmentDefaults environment
                    ? environment.nameOf(spec.findOption(option)) : option;
            throw new CommandLine.ParameterException(spec.commandLine(), name + " " + rule);
        }
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
                config.webhooks().stream().map(w -> new RuntimeConfig.Webhook(w.url(), w.apiKey(), w.events(),
                        w.secret())).toList(),
                config.output() == SandboxConfig.Output.VERBOSE, onDemand);
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false; // Jetty will say it cannot bind; do not hide the warning
        }
    }
}
