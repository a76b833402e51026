package io.bankssandbox.internal.standalone.image;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The build's image step, run by Maven at {@code package} once the shaded jar exists: the jlink
 * runtime ({@code target/runtime}, which sandbox-js's runtime package reuses, so jlink runs once),
 * then the container image {@code target/banks-sandbox-image.tar}, tagged {@code banks-sandbox:VERSION}
 * and loadable by {@code docker load} and {@code podman load}.
 *
 * <p>No daemon and no base image: the image is made from scratch by Jib, from the runtime, the jar,
 * a class-data archive made for the jar at its path in the image, and the few C libraries the runtime
 * loads, taken from Debian 12 packages ({@code apt-get download}, {@code dpkg-deb -x}). Linux x64
 * only; where apt is missing (or its download fails offline with nothing cached) it builds the runtime
 * and says in one line why there is no image, as the npm runtime does elsewhere.
 *
 * <p>Arguments: the module's {@code target} directory and the project version.
 */
public final class ImageBuild {
    static final String LOG = "banks-sandbox-image: ";

    private ImageBuild() {}

    public static void main(String[] args) throws Exception {
        Path target = Path.of(args[0]).toAbsolutePath();
        String version = args[1];
        Path jar = target.resolve("banks-sandbox.jar");
        Path tar = target.resolve("banks-sandbox-image.tar");
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch");
        if (!os.contains("linux") || !("amd64".equals(arch) || "x86_64".equals(arch))) {
            System.out.println(LOG + "skipped on " + os + "-" + arch + ": the runtime and the image are Linux x64's");
            return;
        }
        long started = System.nanoTime();
        Path runtime = JavaRuntime.build(jar, target.resolve("runtime"));
        Files.deleteIfExists(tar);
        Optional<String> missing = DebianPackages.missingTool();
        if (missing.isPresent()) {
            System.out.println(LOG + "skipped: no " + missing.get() + " here (the image's C libraries come from Debian 12 packages)");
            return;
        }
        Path work = target.resolve("image");
        ImageRoot root = ImageRoot.stage(work.resolve("root"), runtime, jar);
        DebianPackages debian = new DebianPackages(DebianPackages.cacheDirectory());
        Optional<String> unavailable = debian.install(root, work);
        if (unavailable.isPresent()) {
            System.out.println(LOG + "skipped: " + unavailable.get());
            return;
        }
        ClassDataTraining.run(root);
        String tag = "banks-sandbox:" + version;
        ImageTarball.write(root, tar, tag, version, work);
        System.out.printf(Locale.ROOT, "%s%s in %s (%.1f MiB) in %.1f s%n", LOG, tag, target.relativize(tar),
                Files.size(tar) / 1048576.0, (System.nanoTime() - started) / 1e9);
    }
}
