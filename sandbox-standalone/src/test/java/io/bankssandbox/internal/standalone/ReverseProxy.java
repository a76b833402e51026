package io.bankssandbox.internal.standalone;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/**
 * Debian's nginx on loopback in front of a sandbox, as a user puts one (or an ingress does): it serves
 * the sandbox under a path prefix, takes the prefix off and says so in {@code X-Forwarded-Prefix},
 * with the address the client used in {@code X-Forwarded-Host} and {@code -Proto}. Starting skips the
 * calling test when nginx is not installed (`apt-get install nginx`; .ci/run does).
 */
final class ReverseProxy implements AutoCloseable {
    /** Debian's, or the one {@code NGINX} names. */
    private static final Path NGINX = Paths.get(System.getenv().getOrDefault("NGINX", "/usr/sbin/nginx"));

    private final Process process;
    private final String url;

    private ReverseProxy(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /**
     * nginx serving {@code upstream} (an origin, {@code http://127.0.0.1:PORT}) at {@code prefix} ({@code /bank})
     * of a free loopback port.
     */
    static ReverseProxy start(String upstream, String prefix, Path directory) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(NGINX), "Skipping the reverse proxy test: " + NGINX
                + " is missing (install it with `apt-get install -y nginx`; .ci/run does)");
        IOException last = null;
        for (int attempt = 0; attempt < 5; attempt++) { // a free port found may be taken before nginx binds it
            int port;
            try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                port = probe.getLocalPort();
            }
            Path conf = directory.resolve("nginx-" + port + ".conf");
            Files.writeString(conf, config(directory, port, upstream, prefix));
            Process nginx = new ProcessBuilder(NGINX.toString(), "-p", directory.toString(), "-e",
                    directory.resolve("error.log").toString(), "-c", conf.toString())
                    .redirectErrorStream(true).redirectOutput(directory.resolve("nginx.out").toFile()).start();
            try {
                awaitListening(nginx, port);
                return new ReverseProxy(nginx, "http://127.0.0.1:" + port + prefix);
            } catch (IOException e) {
                nginx.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                last = e;
            }
        }
        throw last;
    }

    private static String config(Path directory, int port, String upstream, String prefix) {
        String temp = directory.toString();
        return """
                worker_processes 1;
                daemon off;
                pid %1$s/nginx.pid;
                events { worker_connections 64; }
                http {
                    access_log off;
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    server {
                        listen 127.0.0.1:%2$d;
                        location %4$s/ {
                            proxy_pass %3$s/;
                            proxy_http_version 1.1;
                            proxy_set_header Connection "";
                            proxy_set_header X-Forwarded-Host $http_host;
                            proxy_set_header X-Forwarded-Proto $scheme;
                            proxy_set_header X-Forwarded-Prefix %4$s;
                        }
                    }
                }
                """.formatted(temp, port, upstream, prefix);
    }

    private static void awaitListening(Process nginx, int port) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!nginx.isAlive()) {
                throw new IOException("nginx exited with " + nginx.exitValue());
            }
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return;
            } catch (ConnectException notYet) {
                Thread.sleep(20);
            }
        }
        throw new IOException("nginx did not listen on " + port + " within 30 s");
    }

    /** Where clients reach the sandbox: {@code http://127.0.0.1:PORT/prefix}, no trailing slash. */
    String url() {
        return url;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
