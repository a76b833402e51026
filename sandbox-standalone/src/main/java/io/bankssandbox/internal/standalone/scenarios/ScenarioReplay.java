package io.bankssandbox.internal.standalone.scenarios;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code replay} command: every scenario file given (directories searched for .json, .yaml and
 * .yml), then the tally; or, with {@code --check}, every problem of every file without running.
 */
public final class ScenarioReplay {
    /** Where the fixtures module ships its scenarios on the classpath (inside the jar when run from it). */
    public static final String SHIPPED = "io/bankssandbox/scenarios";

    private final PrintWriter out;
    private final Long seed;
    private final JUnitXmlReport report;

    /** {@code seed} replaces each scenario's own (null: keep it); {@code report} may be null. */
    public ScenarioReplay(PrintWriter out, Long seed, JUnitXmlReport report) {
        this.out = out;
        this.seed = seed;
        this.report = report;
    }

    /** Runs each file and ends with {@code N passed, M failed} (counting files); true when none failed. */
    public boolean run(List<Path> paths) {
        int passed = 0;
        int failed = 0;
        ScenarioRunner runner = new ScenarioRunner(out, seed);
        for (Path file : files(paths)) {
            Instant startedAt = Instant.now();
            ScenarioResult result;
            try {
                result = runner.run(Scenario.load(file));
            } catch (Scenario.ScenarioException e) {
                out.println("Scenario: " + file);
                List<String> problems = new ArrayList<>();
                for (Problem problem : e.problems()) {
                    out.println("  FAIL  " + problem);
                    problems.add(problem.toString());
                }
                out.println("  INVALID (" + problems.size() + (problems.size() == 1 ? " problem" : " problems")
                        + "; nothing was run)");
                result = ScenarioResult.unrunnable(file.toString(), file.toString(), problems);
            }
            if (report != null) {
                report.write(result, startedAt);
            }
            if (result.passed()) {
                passed++;
            } else {
                failed++;
            }
        }
        out.println(passed + " passed, " + failed + " failed");
        out.flush();
        return failed == 0;
    }

    /** Validates each file without running it: every problem, then {@code N valid, M invalid}; true when all are valid. */
    public boolean check(List<Path> paths) {
        int valid = 0;
        int invalid = 0;
        for (Path file : files(paths)) {
            ScenarioDocument document = ScenarioDocument.read(file);
            List<Problem> problems = Scenario.check(document);
            if (problems.isEmpty()) {
                valid++;
                out.println("OK  " + file + " (" + document.root().path("steps").size() + " steps)");
            } else {
                invalid++;
                problems.forEach(out::println);
            }
        }
        out.println(valid + " valid, " + invalid + " invalid");
        out.flush();
        return invalid == 0;
    }

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
                    found.filter(p -> Files.isRegularFile(p) && isScenario(p)).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                files.add(path);
            }
        }
        return files;
    }

    private static boolean isScenario(Path file) {
        return file.getFileName().toString().toLowerCase().endsWith(".json") || ScenarioDocument.isYaml(file);
    }
}
