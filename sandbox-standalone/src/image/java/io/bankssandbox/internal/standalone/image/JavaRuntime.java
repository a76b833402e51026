package io.bankssandbox.internal.standalone.image;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * The Java runtime the image and the npm package {@code @banks-sandbox/runtime-linux-x64} both carry:
 * jlink of the build's JDK with only the modules the jar needs (jdeps), stripped and compressed, with
 * the JDK's own class-data archive of them ({@code --generate-cds-archive}). Each user adds the archive
 * of the jar's classes for the jar's path there (the image: {@link ClassDataTraining}; npm: its
 * {@code build-runtime.mjs}). It is made again only when the modules or the JDK change, and
 * {@code runtime.json} beside it names them.
 */
final class JavaRuntime {
    /** jdeps sees what the classes name; an https webhook receiver's TLS needs jdk.crypto.ec on top. */
    private static final List<String> ALSO_NEEDED = List.of("jdk.crypto.ec");

    private JavaRuntime() {}

    static Path build(Path jar, Path output) throws IOException, InterruptedException {
        TreeSet<String> modules = new TreeSet<>(ALSO_NEEDED);
        modules.addAll(Arrays.asList(run("jdeps", "--print-module-deps", "--ignore-missing-deps", "--multi-release", "17",
                jar.toString()).trim().split(",")));
        String jdk = System.getProperty("java.home") + " " + Runtime.version() + (onPath("strip") ? ", stripped" : "");
        Path stamp = output.resolveSibling(output.getFileName() + ".json");
        String description = "{\n  \"modules\": [" + String.join(", ", modules.stream().map(m -> "\"" + m + "\"").toList())
                + "],\n  \"jdk\": \"" + jdk + "\"\n}\n";
        if (Files.isRegularFile(output.resolve("bin/java")) && Files.exists(stamp) && Files.readString(stamp).equals(description)) {
            System.out.println(ImageBuild.LOG + "runtime unchanged (" + String.join(",", modules) + ")");
            return output;
        }
        long started = System.nanoTime();
        Files.deleteIfExists(stamp);
        deleteTree(output);
        List<String> jlink = new ArrayList<>(List.of("--add-modules", String.join(",", modules), "--strip-debug",
                "--no-man-pages", "--no-header-files", "--compress=2", "--generate-cds-archive"));
        jlink.addAll(List.of("--output", output.toString()));
        run("jlink", jlink.toArray(String[]::new));
        // not needed by the jar: the archive for heaps over 32 GiB, and the JDK's tools
        Files.deleteIfExists(output.resolve("lib/server/classes_nocoops.jsa"));
        try (Stream<Path> tools = Files.list(output.resolve("bin"))) {
            for (Path tool : tools.filter(t -> !t.getFileName().toString().equals("java")).toList()) {
                Files.delete(tool);
            }
        }
        // the natives' symbol tables, which only a debugger reads (the JVM finds its own through the
        // dynamic ones): 4 MB of libjvm.so's 24. Where binutils' strip is missing, they stay.
        if (onPath("strip")) {
            try (Stream<Path> files = Files.walk(output)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".so") || f.endsWith("bin/java")).toList()) {
                    Command.run("strip", "--strip-unneeded", file.toString());
                }
            }
        }
        // npm packs no symbolic links and Jib follows them: the legal notices jlink links become files
        try (Stream<Path> legal = Files.walk(output.resolve("legal"))) {
            for (Path link : legal.filter(Files::isSymbolicLink).toList()) {
                byte[] text = Files.readAllBytes(link);
                Files.delete(link);
                Files.write(link, text);
            }
        }
        Files.writeString(stamp, description);
        System.out.printf(Locale.ROOT, "%sruntime %s in %.1f s%n", ImageBuild.LOG, String.join(",", modules),
                (System.nanoTime() - started) / 1e9);
        return output;
    }

    static boolean onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, command)));
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(path -> {
                try {
                    path.toFile().setWritable(true);
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    /** A JDK tool in this JVM (jdeps and jlink are {@link ToolProvider}s): its output, or its failure. */
    private static String run(String name, String... args) {
        ToolProvider tool = ToolProvider.findFirst(name)
                .orElseThrow(() -> new IllegalStateException(name + " is not in this JDK (" + System.getProperty("java.home") + ")"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = tool.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        if (status != 0) {
            throw new IllegalStateException(name + " " + String.join(" ", args) + " failed (" + status + "):\n" + err + out);
        }
        return out.toString();
    }
}
