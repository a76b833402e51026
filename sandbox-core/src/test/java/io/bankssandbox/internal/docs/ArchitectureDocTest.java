package io.bankssandbox.internal.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/architecture.md} stays true: every class it names in backticks ({@code Ledger},
 * {@code CardIssuer.IssueCard}, {@code Exchange.proceed()}) exists in the code, with the member it
 * names. A rename or a removal that forgets the page fails here.
 */
class ArchitectureDocTest {
    private static final Path DOC = Path.of("..", "docs", "architecture.md");
    private static final Pattern FENCED = Pattern.compile("(?s)```.*?```");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    /** In a drawing: a word of two or more capitalized parts ({@code JournalFilter}, {@code StateHolder}). */
    private static final Pattern CAMEL_CASE = Pattern.compile("\\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\\b");
    private static final Pattern CONSTANT = Pattern.compile("[A-Z][A-Z0-9_]+");
    private static final Pattern CLASS_REFERENCE =
            Pattern.compile("([A-Z][A-Za-z0-9]*)(?:\\.([A-Za-z][A-Za-z0-9]*))?(?:\\(\\))?");

    @Test
    void everyClassThePageNamesExists() throws IOException {
        Map<String, String> classes = classesBySimpleName();
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (String name : namedClasses(Files.readString(DOC))) {
            if (CONSTANT.matcher(name).matches()) {
                continue; // a constant named on its own (`MODEL`), not a class
            }
            Matcher reference = CLASS_REFERENCE.matcher(name);
            reference.matches();
            String fullName = classes.get(reference.group(1));
            if (fullName == null) {
                missing.add(name + " (no such class)");
                continue;
            }
            checked++;
            if (reference.group(2) != null && !hasMember(fullName, reference.group(2))) {
                missing.add(name + " (" + fullName + " has no " + reference.group(2) + ")");
            }
        }
        assertThat(missing).as("names in %s that the code no longer has", DOC).isEmpty();
        assertThat(checked).as("classes the page names").isGreaterThan(60);
    }

    /**
     * Backticked text that is a class reference ({@code Name}, {@code Name.Member} or
     * {@code Name.method()}), and the class names of the drawings in fenced blocks.
     */
    private static List<String> namedClasses(String page) {
        List<String> names = new ArrayList<>();
        Matcher fenced = FENCED.matcher(page);
        while (fenced.find()) {
            Matcher word = CAMEL_CASE.matcher(fenced.group());
            while (word.find()) {
                names.add(word.group());
            }
        }
        Matcher code = CODE.matcher(FENCED.matcher(page).replaceAll(""));
        while (code.find()) {
            String text = code.group(1);
            if (CLASS_REFERENCE.matcher(text).matches()) {
                names.add(text);
            }
        }
        return names;
    }

    /**
     * Every top-level class of the core's main and test sources, by simple name, and of the JUnit 5 and
     * Spring modules', which the page names too ({@code BanksSandbox}, {@code EnableBanksSandbox}).
     */
    private static Map<String, String> classesBySimpleName() throws IOException {
        Map<String, String> classes = new HashMap<>();
        List<Path> roots = new ArrayList<>();
        for (String module : List.of("sandbox-junit5", "sandbox-spring")) {
            roots.add(Path.of("..", module, "src", "main", "java"));
            roots.add(Path.of("..", module, "src", "test", "java"));
        }
        roots.add(Path.of("src", "main", "java"));
        roots.add(Path.of("src", "test", "java"));
        roots.add(Path.of("src", "build", "java")); // the build's own steps (FixtureSetCode), never shipped
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                    String relative = root.relativize(f).toString();
                    String fullName = relative.substring(0, relative.length() - ".java".length())
                            .replace(f.getFileSystem().getSeparator(), ".");
                    classes.put(f.getFileName().toString().replace(".java", ""), fullName);
                });
            }
        }
        return classes;
    }

    /** A nested type, field, record component or method of that name. */
    private static boolean hasMember(String fullName, String member) {
        Class<?> type;
        try {
            type = Class.forName(fullName);
        } catch (ClassNotFoundException e) {
            return outsideTheCore(fullName, member); // a class of the JUnit 5 or Spring module
        }
        for (Class<?> nested : type.getDeclaredClasses()) {
            if (nested.getSimpleName().equals(member)) {
                return true;
            }
        }
        for (Field field : type.getDeclaredFields()) {
            if (field.getName().equals(member)) {
                return true;
            }
        }
        for (Method method : type.getMethods()) {
            if (method.getName().equals(member)) {
                return true;
            }
        }
        for (Method method : type.getDeclaredMethods()) {
            if (method.getName().equals(member)) {
                return true;
            }
        }
        if (type.isRecord()) {
            for (RecordComponent component : type.getRecordComponents()) {
                if (component.getName().equals(member)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A class of another module is not on this classpath: its source declares the member. */
    private static boolean outsideTheCore(String fullName, String member) {
        String file = fullName.replace('.', '/') + ".java";
        for (String module : List.of("sandbox-junit5", "sandbox-spring")) {
            for (String sources : List.of("main", "test")) {
                Path source = Path.of("..", module, "src", sources, "java").resolve(file);
                if (Files.exists(source)) {
                    try {
                        return Pattern.compile("\\b" + Pattern.quote(member) + "\\b").matcher(Files.readString(source)).find();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
        }
        throw new UncheckedIOException(new IOException("not loadable: " + fullName));
    }
}
