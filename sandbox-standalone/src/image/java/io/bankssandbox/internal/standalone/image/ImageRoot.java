package io.bankssandbox.internal.standalone.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * The image's file system, staged under {@code target/image/root} as the container will see it, so the
 * class-data training run ({@link ClassDataTraining}) runs the very files the image holds:
 * {@code /app/runtime} (the jlink runtime), {@code /app/banks-sandbox.jar} with the time Jib gives every
 * file, the user's {@code /etc/passwd} and {@code /etc/group}, {@code /data} and {@code /tmp}.
 */
record ImageRoot(Path path) {
    /** Jib's default time for every file: the training run must see the jar's size and time as the image has them. */
    static final Instant FILE_TIME = Instant.ofEpochSecond(1);
    /** The user the sandbox runs as: a number, so Kubernetes' runAsNonRoot can check it without /etc/passwd. */
    static final int USER = 65532;
    static final String APP = "/app";
    static final String JAR = APP + "/banks-sandbox.jar";
    static final String ARCHIVE = APP + "/banks-sandbox.jsa";
    static final String JAVA = APP + "/runtime/bin/java";
    /** The working directory, where a relative --state-file lands: a volume's usual place. */
    static final String DATA = "/data";

    static ImageRoot stage(Path root, Path runtime, Path jar) throws IOException {
        JavaRuntime.deleteTree(root);
        ImageRoot image = new ImageRoot(root);
        copyTree(runtime, image.file(APP + "/runtime"));
        Path stagedJar = image.file(JAR);
        Files.copy(jar, stagedJar);
        Files.setLastModifiedTime(stagedJar, FileTime.from(FILE_TIME));
        for (String dir : List.of(DATA, "/tmp", "/home/sandbox")) {
            Files.createDirectories(image.file(dir));
        }
        Files.createDirectories(image.file("/etc"));
        Files.writeString(image.file("/etc/passwd"), "root:x:0:0:root:/root:/sbin/nologin\n"
                + "sandbox:x:" + USER + ":" + USER + ":Banks Sandbox:/home/sandbox:/sbin/nologin\n");
        Files.writeString(image.file("/etc/group"), "root:x:0:\nsandbox:x:" + USER + ":\n");
        // what glibc would assume without it, written down: users and names from files, then DNS
        Files.writeString(image.file("/etc/nsswitch.conf"), "passwd: files\ngroup: files\nhosts: files dns\n");
        return image;
    }

    /** A path of the image (absolute, as the container sees it) in the staged tree. */
    Path file(String imagePath) {
        return path.resolve(imagePath.substring(1));
    }

    /** Native libraries of the runtime, each of which the image must be able to load. */
    List<Path> runtimeNatives() throws IOException {
        try (Stream<Path> files = Files.walk(file(APP + "/runtime"))) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().endsWith(".so") || f.endsWith("bin/java")).sorted().toList();
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path source : paths.toList()) {
                Path copy = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(source, copy, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
