package io.bankssandbox.standalone.scenarios;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The {@code replay} command: every scenario file given (directories searched for *.json), then the tally. */
public final class ScenarioReplay {
    private final PrintWriter out;

    public ScenarioReplay(PrintWriter out) {
        this.out = out;
    }

    /** Prints each scenario's steps and ends with {@code N passed, M failed}; true when none failed. */
    public boolean run(List<Path> paths) {
        int passed = 0;
        int failed = 0;
        ScenarioRunner runner = new ScenarioRunner(out);
        for (Path file : files(paths)) {
            boolean ok;
            try {
                ok = runner.run(Scenario.read(file));
            } catch (Scenario.ScenarioException e) {
                out.println("Scenario: " + file);
                out.println("  FAIL  " + e.getMessage());
                ok = false;
            }
            if (ok) {
                passed++;
            } else {
                failed++;
            }
        }
        out.println(passed + " passed, " + failed + " failed");
        out.flush();
        return failed == 0;
    }

    /** Where the fixtures module ships its scenarios on the classpath (inside the jar when run from it). */
    public static final String SHIPPED = "io/bankssandbox/scenarios";

    /** The scenarios shipped with the sandbox, as paths (a directory, or a folder of the jar's file system). */
    public static Path shipped() {
        java.net.URL url = ScenarioReplay.class.getClassLoader().getResource(SHIPPED);
        if (url == null) {
            throw new IllegalStateException("no scenarios shipped on the classpath at " + SHIPPED);
        }
        try {
            java.net.URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                java.nio.file.FileSystem jar;
                try {
                    jar = java.nio.file.FileSystems.newFileSystem(uri, java.util.Map.of());
                } catch (java.nio.file.FileSystemAlreadyExistsException e) {
                    jar = java.nio.file.FileSystems.getFileSystem(uri);
                }
                return jar.getPath(SHIPPED);
            }
            return Path.of(uri);
        } catch (java.net.URISyntaxException | IOException e) {
            throw new IllegalStateException("cannot read the shipped scenarios at " + url, e);
        }
    }

    static List<Path> files(List<Path> paths) {
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                try (Stream<Path> found = Files.walk(path)) {
                    found.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json"))
                            .sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                files.add(path);
            }
        }
        return files;
    }
}
