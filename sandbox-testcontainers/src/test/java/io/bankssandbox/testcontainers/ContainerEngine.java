package io.bankssandbox.testcontainers;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;

/**
 * The container engine and the image the tests run: the image this build made
 * ({@code sandbox-standalone/target/banks-sandbox-image.tar}), loaded into the engine when it is not there
 * yet. Without an engine the tests are skipped with a message, except in CI ({@code CI=true}, as CI
 * services set it, on a machine where .ci/run installed podman; or {@code -Dcontainers.required=true}),
 * where one is guaranteed and its absence fails. Without the image's tar (a build that skipped it) they
 * are skipped with a message.
 */
final class ContainerEngine {
    /** The image the tests run: this version's, unless -Dbanks.image names another (a locally built one). */
    static final String IMAGE = System.getProperty("banks.image.given",
            System.getProperty("banks.image", "banks-sandbox:" + io.bankssandbox.Sandbox.version()));

    private static boolean ready;

    private ContainerEngine() {}

    /** Skips (or, in CI, fails) the calling test class unless an engine answers and the image is in it. */
    static synchronized void requireImage() {
        if (ready) {
            return;
        }
        // CI (CI=true, as CI services set it) guarantees an engine once .ci/run has installed podman
        boolean required = Boolean.getBoolean("containers.required")
                || "true".equalsIgnoreCase(System.getenv("CI")) && Files.isExecutable(Path.of("/usr/bin/podman"));
        boolean available;
        try {
            available = DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException e) {
            available = false;
        }
        if (!available) {
            String message = "no container engine answers at DOCKER_HOST=" + System.getenv("DOCKER_HOST")
                    + " (start podman's: podman system service --time=0 unix:///run/podman/podman.sock &)";
            if (required) {
                fail(message + "; CI guarantees one");
            }
            Assumptions.abort(message + ": the container tests are skipped");
        }
        // the image this build made, loaded over whatever an engine shared with other builds holds under its tag;
        // -Dbanks.image=NAME runs an image already in the engine instead (one built by hand)
        if (System.getProperty("banks.image.given") == null) {
            load(Path.of(System.getProperty("banks.image.tar", "../sandbox-standalone/target/banks-sandbox-image.tar")));
        } else if (!imagePresent()) {
            fail("the engine has no image " + IMAGE);
        }
        ready = true;
    }

    private static boolean imagePresent() {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(IMAGE).exec();
            return true;
        } catch (RuntimeException notThere) {
            return false;
        }
    }

    private static void load(Path tar) {
        if (!Files.isRegularFile(tar)) {
            Assumptions.abort("the image " + IMAGE + " is not in the engine and " + tar.toAbsolutePath()
                    + " is not there to load: build sandbox-standalone first (mvn -B package -pl sandbox-standalone -am)");
        }
        try (InputStream in = Files.newInputStream(tar)) {
            DockerClientFactory.instance().client().loadImageCmd(in).exec();
        } catch (IOException e) {
            fail("loading " + tar + ": " + e);
        }
        if (!imagePresent()) {
            fail(tar + " was loaded, and still the engine has no image " + IMAGE);
        }
    }
}
