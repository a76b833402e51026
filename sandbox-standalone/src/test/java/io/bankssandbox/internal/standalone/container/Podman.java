package io.bankssandbox.internal.standalone.container;

import static org.junit.jupiter.api.Assertions.fail;

import io.bankssandbox.internal.standalone.Http;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Assumptions;

/**
 * The image's tests drive podman's own command line, as a user does. The image is loaded once per
 * test JVM from the build's tar and run by its id (the digest of its configuration), so another
 * checkout loading the same tag at the same time cannot swap it; every container and volume a test
 * makes is named {@code bsimg-...} and removed by that test. Published ports are on 127.0.0.1 only.
 *
 * <p>Without podman (a developer's machine) the tests are skipped with a message; on CI
 * ({@code CI=true}, or {@code -Dbanks.containers=required}) that is a failure, so they cannot be
 * skipped there unseen.
 */
public final class Podman {
    static final Path TAR = Path.of("target", "banks-sandbox-image.tar");
    public static final String VERSION = System.getProperty("project.version");
    private static String image;

    private Podman() {}

    /** The loaded image's id; skips (or fails, on CI) when there is no podman or no image. */
    public static synchronized String image() throws IOException, InterruptedException {
        if (image != null) {
            return image;
        }
        String missing = !Files.isRegularFile(TAR) ? "the build made no image (" + TAR.toAbsolutePath() + ")"
                : run(Duration.ofSeconds(60), "podman", "version").exit() != 0 ? "podman cannot run here" : null;
        if (missing != null) {
            if ("true".equals(System.getenv("CI")) || "required".equals(System.getProperty("banks.containers"))) {
                fail("The container tests need podman and the image on CI: " + missing);
            }
            Assumptions.abort("container tests skipped: " + missing + " (.ci/run installs podman; see docs/containers.md)");
        }
        Result load = run(Duration.ofMinutes(5), "podman", "load", "-q", "-i", TAR.toString());
        if (load.exit() != 0) {
            fail("podman load failed: " + load);
        }
        image = configDigest();
        return image;
    }

    /** The image id podman gives a docker archive: the SHA-256 of its configuration. */
    private static String configDigest() throws IOException {
        try (InputStream file = Files.newInputStream(TAR); TarArchiveInputStream tar = new TarArchiveInputStream(file)) {
            for (TarArchiveEntry entry; (entry = tar.getNextEntry()) != null; ) {
                if (entry.getName().equals("config.json")) {
                    byte[] config = new byte[Math.toIntExact(entry.getSize())];
                    for (int read = 0, n; read < config.length; read += n) {
                        n = tar.read(config, read, config.length - read);
                    }
                    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(config));
                }
            }
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        throw new IOException("no config.json in " + TAR);
    }

    /** A name no other test or checkout uses. */
    public static String name(String what) {
        return "bsimg-" + what + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** {@code podman run -d}: the container's name; its port 8080 published on a free port of 127.0.0.1. */
    public static String start(String name, List<String> options, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("podman", "run", "-d", "--name", name, "-p", "127.0.0.1::8080"));
        command.addAll(options);
        command.add(image());
        command.addAll(List.of(arguments));
        Result started = run(Duration.ofMinutes(2), command.toArray(String[]::new));
        if (started.exit() != 0) {
            fail("podman run failed: " + started);
        }
        return name;
    }

    /** The address of the container's published port 8080, once it answers its health route (deadline 120 s). */
    public static String baseUrl(String container) throws IOException, InterruptedException {
        String port = run(Duration.ofSeconds(60), "podman", "port", container, "8080/tcp").out().trim();
        String url = "http://" + port.lines().findFirst().orElseThrow();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> health = Http.get(url + "/_sandbox/health", null);
                if (health.statusCode() == 200) {
                    return url;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        fail(container + " did not answer on " + url + " within 120 s: " + run(Duration.ofSeconds(30), "podman", "logs", container));
        return url;
    }

    /** Removes what a test made, whatever state it is in. */
    public static void remove(String... containers) throws IOException, InterruptedException {
        for (String container : containers) {
            if (container != null) {
                run(Duration.ofMinutes(2), "podman", "rm", "-f", "-t", "0", container);
            }
        }
    }

    public static Result podman(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("podman"));
        command.addAll(List.of(arguments));
        return run(Duration.ofMinutes(3), command.toArray(String[]::new));
    }

    /** A command to its end (or its deadline): exit code and both outputs. */
    public static Result run(Duration timeout, String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("bsimg", ".out");
        Path err = Files.createTempFile("bsimg", ".err");
        try {
            Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                fail(String.join(" ", command) + " did not end within " + timeout);
            }
            return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    public record Result(int exit, String out, String err) {
        /** stderr without podman's complaint that it has no systemd to schedule health checks with (this machine has none). */
        public String errors() {
            return err.lines().filter(line -> !line.contains("systemd")).reduce("", (a, b) -> a + b + "\n");
        }
    }
}
