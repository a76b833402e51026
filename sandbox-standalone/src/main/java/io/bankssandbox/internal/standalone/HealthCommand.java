package io.bankssandbox.internal.standalone;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code health}: exit 0 when a server answers {@code GET /_sandbox/health} with 200, else 1 with one
 * line saying why. It finds the server from the options and variables {@code serve} reads
 * ({@code --port}/{@code BANKS_SANDBOX_PORT}, {@code --host}, {@code --admin-token}), so a container's
 * health check, started with the server's environment, needs no argument. For Docker's HEALTHCHECK,
 * compose and Kubernetes probes: the image has no shell, and no curl.
 */
@Command(name = "health", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Exit 0 when the server answers GET /_sandbox/health with 200, else 1 with the reason.",
            "Reads --port, --host and --admin-token, or their BANKS_SANDBOX_ variables, as serve does."})
final class HealthCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8080", paramLabel = "PORT", description = "The server's port. Default: ${DEFAULT-VALUE}")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "HOST",
            description = "The server's interface (0.0.0.0 is asked on 127.0.0.1). Default: ${DEFAULT-VALUE}")
    String host;

    @Option(names = "--admin-token", paramLabel = "T", description = "The server's --admin-token, when it has one.")
    String adminToken;

    @Option(names = "--timeout", defaultValue = "5", paramLabel = "SECONDS",
            description = "Give up after this long. Default: ${DEFAULT-VALUE}")
    int timeoutSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String url = "http://" + reachable(host) + ":" + port + "/_sandbox/health";
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
            connection.setConnectTimeout(timeoutSeconds * 1000);
            connection.setReadTimeout(timeoutSeconds * 1000);
            if (adminToken != null) {
                connection.setRequestProperty("Authorization", "Bearer " + adminToken);
            }
            int status = connection.getResponseCode();
            connection.disconnect();
            if (status == 200) {
                out.println("healthy: " + url + " answered 200");
                return 0;
            }
            err.println(Main.NAME + ": unhealthy: " + url + " answered " + status
                    + (status == 401 ? " (the server wants --admin-token / BANKS_SANDBOX_ADMIN_TOKEN)" : ""));
        } catch (IOException e) {
            err.println(Main.NAME + ": unhealthy: " + url + ": " + Main.describe(e));
        }
        return 1;
    }

    /** The address to ask: a server listening on every interface answers on loopback. */
    private static String reachable(String host) {
        return switch (host) {
            case "0.0.0.0" -> "127.0.0.1";
            case "::", "[::]" -> "[::1]";
            default -> host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        };
    }
}
