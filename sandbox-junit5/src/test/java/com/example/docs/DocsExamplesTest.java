package com.example.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java example of the README, of CHANGELOG.md and of the pages under docs/ is code the build compiles and runs:
 * each {@code ```java} block must appear, whitespace aside, in a source file of one of the roots below
 * (this module's tests, which see sandbox-core and sandbox-junit5 only, the Spring Boot
 * application the invoker builds and tests on every Boot and server generation, and the user's project
 * of sandbox-testcontainers, which the invoker tests against the image). An example may be a
 * whole file or a part of one (a method, a field, a class without its imports). Examples, and the
 * files that hold them, use the public API only: never a type of {@code io.bankssandbox.internal}.
 *
 * <p>To add an example: write it as (part of) a passing test under {@code com.example.docs} (or, for
 * Spring Boot, in the application's {@code com.example.payouts}), then paste it into the page.
 */
class DocsExamplesTest {
    private static final Path ROOT = Path.of("..");
    /** Source roots the build compiles and runs, relative to the repository. */
    static final List<Path> ROOTS = List.of(
            Path.of("sandbox-junit5", "src", "test", "java"),
            Path.of("sandbox-spring", "src", "it", "spring-boot-app", "src", "test", "java"),
            Path.of("sandbox-spring", "src", "it", "spring-boot-app", "src", "main", "java"),
            Path.of("sandbox-testcontainers", "src", "it", "user-project", "src", "test", "java"));
    private static final Pattern JAVA_BLOCK = Pattern.compile("(?m)^[ \\t]*```java\\n(.*?)^[ \\t]*```\\s*$",
            Pattern.DOTALL); // a block may be indented, as in a list item
    private static final String INTERNAL = "io.bankssandbox.internal";

    record Example(Path page, int number, int line, String code) {
        String where() {
            return ROOT.relativize(page) + ", java block " + number + " (line " + line + ")";
        }
    }

    @Test
    void everyJavaExampleIsInASourceTheBuildCompilesAndRuns() throws IOException {
        Map<Path, String> sources = sources();
        List<String> missing = new ArrayList<>();
        for (Example example : examples()) {
            String code = normalized(example.code());
            if (sources.values().stream().noneMatch(source -> source.contains(code))) {
                missing.add(example.where() + ", starting \"" + example.code().lines().findFirst().orElse("") + "\"");
            }
        }
        assertThat(missing)
                .as("java blocks of the docs that no compiled test source holds (whitespace aside): write each as a"
                        + " passing test under %s (or change the page together with the test it copies)", ROOTS)
                .isEmpty();
    }

    @Test
    void examplesAndTheFilesHoldingThemUseThePublicApiOnly() throws IOException {
        Map<Path, String> sources = sources();
        List<String> internal = new ArrayList<>();
        for (Example example : examples()) {
            if (example.code().contains(INTERNAL)) {
                internal.add(example.where());
            }
            String code = normalized(example.code());
            List<Path> holders = sources.entrySet().stream().filter(source -> source.getValue().contains(code))
                    .map(Map.Entry::getKey).toList();
            if (!holders.isEmpty() && holders.stream().allMatch(file -> sources.get(file).contains(INTERNAL))) {
                internal.add(example.where() + " is held only by files that name " + INTERNAL + ": " + holders);
            }
        }
        assertThat(internal)
                .as("users compile against io.bankssandbox, io.bankssandbox.junit5 and io.bankssandbox.spring only")
                .isEmpty();
    }

    @Test
    void everyPageWithJavaIsRead() throws IOException {
        List<Example> examples = examples();
        assertThat(examples).extracting(e -> ROOT.relativize(e.page()).toString())
                .as("the README, the changelog's migration notes and the JUnit, Spring and webhook pages show Java")
                .contains("README.md", "CHANGELOG.md", "docs/junit.md", "docs/spring.md", "docs/webhooks.md");
    }

    static List<Example> examples() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CHANGELOG.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<Example> examples = new ArrayList<>();
        for (Path page : pages) {
            String text = Files.readString(page);
            Matcher block = JAVA_BLOCK.matcher(text);
            int number = 0;
            while (block.find()) {
                int line = (int) text.substring(0, block.start()).lines().count() + 1;
                examples.add(new Example(page, ++number, line, block.group(1)));
            }
        }
        return examples;
    }

    private static Map<Path, String> sources() throws IOException {
        Map<Path, String> sources = new LinkedHashMap<>();
        for (Path root : ROOTS) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(root))) {
                files.filter(p -> p.toString().endsWith(".java")).sorted().forEach(file -> {
                    try {
                        sources.put(ROOT.relativize(file), normalized(Files.readString(file)));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
        return sources;
    }

    /** Runs of whitespace (indentation, line breaks) count as one space. */
    static String normalized(String code) {
        return code.replaceAll("\\s+", " ").strip();
    }
}
