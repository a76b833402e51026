package io.bankssandbox.internal.standalone.image;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.cloud.tools.jib.api.Containerizer;
import com.google.cloud.tools.jib.api.Jib;
import com.google.cloud.tools.jib.api.TarImage;
import com.google.cloud.tools.jib.api.buildplan.AbsoluteUnixPath;
import com.google.cloud.tools.jib.api.buildplan.FileEntriesLayer;
import com.google.cloud.tools.jib.api.buildplan.FilePermissions;
import com.google.cloud.tools.jib.api.buildplan.ImageFormat;
import com.google.cloud.tools.jib.api.buildplan.Port;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * The image tar, by Jib from scratch: three layers in the order they change (the Debian files and
 * the user's directories, the runtime, the jar and its archive), the entrypoint running the jar, the
 * variable that makes {@code serve} listen on every interface, a numeric non-root user, {@code /data}
 * as working directory, then the health check, which Jib cannot set: it is added to the image
 * configuration inside the tar afterwards ({@link #withHealthCheck}).
 */
final class ImageTarball {
    static final int PORT = 8080;
    private static final String OWNER = ImageRoot.USER + ":" + ImageRoot.USER;

    private ImageTarball() {}

    static void write(ImageRoot root, Path tar, String tag, String version, Path work) throws Exception {
        Path jibTar = work.resolve("jib-image.tar");
        Files.deleteIfExists(jibTar);
        FileEntriesLayer.Builder system = FileEntriesLayer.builder().setName("debian and user");
        for (String top : List.of("/etc", "/lib", "/lib64", "/usr")) {
            if (Files.exists(root.file(top))) {
                system.addEntryRecursive(root.file(top), AbsoluteUnixPath.get(top), ImageTarball::permissions);
            }
        }
        // the user's own directories: /data for a state file (a volume mounted there keeps this owner
        // when it is new), a home for what libraries keep there; /tmp for everyone (Jib sets no sticky bit)
        system.addEntry(root.file(ImageRoot.DATA), AbsoluteUnixPath.get(ImageRoot.DATA), FilePermissions.fromOctalString("755"),
                FileEntriesLayer.DEFAULT_MODIFICATION_TIME, OWNER);
        system.addEntry(root.file("/home/sandbox"), AbsoluteUnixPath.get("/home/sandbox"), FilePermissions.fromOctalString("755"),
                FileEntriesLayer.DEFAULT_MODIFICATION_TIME, OWNER);
        system.addEntry(root.file("/tmp"), AbsoluteUnixPath.get("/tmp"), FilePermissions.fromOctalString("777"),
                FileEntriesLayer.DEFAULT_MODIFICATION_TIME);
        FileEntriesLayer runtime = FileEntriesLayer.builder().setName("runtime")
                .addEntryRecursive(root.file(ImageRoot.APP + "/runtime"), AbsoluteUnixPath.get(ImageRoot.APP + "/runtime"),
                        ImageTarball::permissions)
                .addEntry(root.file(ImageRoot.APP + "/debian-packages.txt"), AbsoluteUnixPath.get(ImageRoot.APP + "/debian-packages.txt"))
                .build();
        FileEntriesLayer application = FileEntriesLayer.builder().setName("jar")
                .addEntry(root.file(ImageRoot.JAR), AbsoluteUnixPath.get(ImageRoot.JAR), FilePermissions.DEFAULT_FILE_PERMISSIONS,
                        ImageRoot.FILE_TIME)
                .addEntry(root.file(ImageRoot.ARCHIVE), AbsoluteUnixPath.get(ImageRoot.ARCHIVE))
                .build();
        Jib.fromScratch()
                .setFormat(ImageFormat.Docker) // docker load reads this format; Docker reads a health check only from it
                .setFileEntriesLayers(system.build(), runtime, application)
                .setEntrypoint(javaCommand())
                .setEnvironment(Map.of("BANKS_SANDBOX_HOST", "0.0.0.0"))
                .setExposedPorts(Set.of(Port.tcp(PORT)))
                .setUser(OWNER)
                .setWorkingDirectory(AbsoluteUnixPath.get(ImageRoot.DATA))
                .setLabels(Map.of("org.opencontainers.image.title", "Banks Sandbox",
                        "org.opencontainers.image.version", version,
                        "org.opencontainers.image.description", "A stateful, controllable sandbox of a banking API"))
                .setCreationTime(Instant.EPOCH)
                .containerize(Containerizer.to(TarImage.at(jibTar).named(tag))
                        .setOfflineMode(true)
                        .setBaseImageLayersCache(work.resolve("jib-cache/base"))
                        .setApplicationLayersCache(work.resolve("jib-cache/application"))
                        .setToolName("banks-sandbox-build"));
        withHealthCheck(jibTar, tar);
        Files.delete(jibTar);
    }

    /** The JVM running the jar as the container does: the image's runtime, its class-data archive. */
    static List<String> javaCommand() {
        List<String> command = new ArrayList<>(List.of(ImageRoot.JAVA, "-XX:SharedArchiveFile=" + ImageRoot.ARCHIVE));
        command.addAll(ClassDataTraining.JVM_OPTIONS);
        command.addAll(List.of("-jar", ImageRoot.JAR));
        return command;
    }

    /**
     * Copies Jib's tar, adding to the image configuration ({@code config.json}; manifest.json names it
     * by file name, and the image id is computed from it on load) a health check in exec form: Docker's
     * {@code --health-cmd} always runs through {@code /bin/sh}, which this image does not have.
     */
    static void withHealthCheck(Path from, Path to) throws IOException {
        ObjectMapper json = new ObjectMapper();
        try (TarArchiveInputStream in = new TarArchiveInputStream(Files.newInputStream(from));
             TarArchiveOutputStream out = new TarArchiveOutputStream(Files.newOutputStream(to))) {
            out.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (TarArchiveEntry entry; (entry = in.getNextEntry()) != null; ) {
                byte[] content = entryBytes(in, entry);
                if (entry.getName().equals("config.json")) {
                    ObjectNode config = (ObjectNode) json.readTree(content);
                    ObjectNode check = ((ObjectNode) config.path("config")).putObject("Healthcheck");
                    // Every check starts a JVM, about half a second of CPU: C1 only and the serial GC take a
                    // fifth off it, and once healthy it runs every 30 s (under 2% of a core). Docker 25 and later
                    // check every second of the start period (StartInterval), so a container is still healthy
                    // within a second of its server answering.
                    List<String> java = javaCommand();
                    java.addAll(java.indexOf("-jar"), List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
                    List<String> test = new ArrayList<>(List.of("CMD"));
                    test.addAll(java);
                    test.add("health");
                    test.forEach(check.putArray("Test")::add);
                    check.put("Interval", TimeUnit.SECONDS.toNanos(30));
                    check.put("Timeout", TimeUnit.SECONDS.toNanos(10));
                    check.put("StartPeriod", TimeUnit.SECONDS.toNanos(60));
                    check.put("StartInterval", TimeUnit.SECONDS.toNanos(1));
                    check.put("Retries", 3);
                    content = json.writeValueAsBytes(config);
                }
                // a new entry: the input stream finds the next one by the size of the one it handed out
                TarArchiveEntry copy = new TarArchiveEntry(entry.getName());
                copy.setMode(entry.getMode());
                copy.setModTime(entry.getModTime());
                copy.setSize(content.length);
                out.putArchiveEntry(copy);
                out.write(content);
                out.closeArchiveEntry();
            }
        }
    }

    /** One entry's bytes (commons-compress 1.26's readAllBytes reads past the entry, into the next). */
    private static byte[] entryBytes(TarArchiveInputStream in, TarArchiveEntry entry) throws IOException {
        byte[] content = new byte[Math.toIntExact(entry.getSize())];
        for (int read = 0, n; read < content.length; read += n) {
            n = in.read(content, read, content.length - read);
            if (n < 0) {
                throw new IOException(entry.getName() + " ends early in Jib's tar");
            }
        }
        return content;
    }

    /** The staged file's own mode: the runtime's java and libraries stay executable. */
    private static FilePermissions permissions(Path source, AbsoluteUnixPath target) {
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(source);
            mode.remove(PosixFilePermission.GROUP_WRITE);
            mode.remove(PosixFilePermission.OTHERS_WRITE);
            mode.add(PosixFilePermission.OWNER_READ);
            mode.add(PosixFilePermission.GROUP_READ);
            mode.add(PosixFilePermission.OTHERS_READ);
            return FilePermissions.fromPosixFilePermissions(mode);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
