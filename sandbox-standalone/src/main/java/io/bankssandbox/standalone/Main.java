package io.bankssandbox.standalone;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.clock.ClockMode;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code java -jar banks-sandbox.jar [serve] [options]}. */
@Command(name = "banks-sandbox", mixinStandardHelpOptions = true, version = "banks-sandbox 0.1.0",
        description = "A stateful, controllable sandbox of the card issuing, inbound payments and lockbox API.",
        subcommands = {Main.Serve.class})
public final class Main implements Callable<Integer> {
    @CommandLine.Mixin
    ServeOptions options = new ServeOptions();

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }

    @Override
    public Integer call() throws InterruptedException {
        return options.serve();
    }

    @Command(name = "serve", mixinStandardHelpOptions = true, description = "Serve the API (the default command).")
    static final class Serve implements Callable<Integer> {
        @CommandLine.Mixin
        ServeOptions options = new ServeOptions();

        @Override
        public Integer call() throws InterruptedException {
            return options.serve();
        }
    }

    static final class ServeOptions {
        @Option(names = "--port", defaultValue = "8080", description = "Port (0 = any free port). Default: ${DEFAULT-VALUE}")
        int port;

        @Option(names = "--host", defaultValue = "127.0.0.1", description = "Interface to bind. Default: ${DEFAULT-VALUE}")
        String host;

        @Option(names = "--fixtures", defaultValue = "default", description = "Fixture set name or directory. Default: ${DEFAULT-VALUE}")
        String fixtures;

        @Option(names = "--clock", defaultValue = "running", description = "frozen or running. Default: ${DEFAULT-VALUE}")
        String clock;

        @Option(names = "--start", description = "Clock start instant (ISO 8601); default: the fixture set's")
        Instant start;

        @Option(names = "--seed", defaultValue = "42", description = "Seed of generated ids. Default: ${DEFAULT-VALUE}")
        long seed;

        Integer serve() throws InterruptedException {
            SandboxConfig config = SandboxConfig.builder().host(host).port(port).fixtures(fixtures)
                    .clockMode(ClockMode.parse(clock)).start(start).seed(seed).build();
            Sandbox sandbox = Sandbox.start(config);
            System.out.println("Banks Sandbox listening on " + sandbox.baseUrl());
            for (String key : sandbox.apiKeys()) {
                System.out.println("API key: " + key);
            }
            System.out.println("Dashboard: " + sandbox.baseUrl() + "/_sandbox/ui");
            System.out.flush();
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                sandbox.close();
                stopped.countDown();
            }));
            stopped.await();
            return 0;
        }
    }
}
