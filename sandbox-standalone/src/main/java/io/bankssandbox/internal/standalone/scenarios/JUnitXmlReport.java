package io.bankssandbox.internal.standalone.scenarios;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * {@code replay --junit-xml DIR}: one Surefire-format report per scenario file
 * ({@code TEST-<file>.xml}), a {@code testsuite} per scenario and a {@code testcase} per step, the
 * form Jenkins, GitLab and GitHub read. A failed step is a {@code failure} whose message names
 * expected and actual; a file that could not run (invalid, or its sandbox did not start) is one
 * testcase with an {@code error} listing why.
 */
public final class JUnitXmlReport {
    private final Path directory;
    private final Set<String> written = new HashSet<>();

    public JUnitXmlReport(Path directory) {
        this.directory = directory;
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the JUnit XML directory " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Writes the file's report and returns where. */
    public Path write(ScenarioResult result, Instant startedAt) {
        String className = className(result.source());
        Document xml = newDocument();
        Element suite = xml.createElement("testsuite");
        xml.appendChild(suite);
        suite.setAttribute("name", result.name());
        suite.setAttribute("timestamp", startedAt.truncatedTo(ChronoUnit.SECONDS).toString().replace("Z", ""));
        suite.setAttribute("time", seconds(result.time()));
        Element properties = child(suite, "properties");
        Element file = child(properties, "property");
        file.setAttribute("name", "scenario.file");
        file.setAttribute("value", result.source());
        int failures = 0;
        int errors = 0;
        if (!result.problems().isEmpty()) {
            Element testcase = testcase(suite, "scenario file", className, Duration.ZERO);
            Element error = child(testcase, "error");
            error.setAttribute("message", clean(result.problems().size() == 1 ? result.problems().get(0)
                    : result.problems().size() + " problems: " + result.problems().get(0)));
            error.setAttribute("type", "invalid scenario");
            error.setTextContent(clean(String.join("\n", result.problems())));
            errors++;
        }
        for (ScenarioResult.StepResult step : result.steps()) {
            Element testcase = testcase(suite, step.number() + ". " + step.label(), className, step.time());
            if (!step.passed()) {
                Element failure = child(testcase, "failure");
                failure.setAttribute("message", clean(String.join("; ", step.problems())));
                failure.setAttribute("type", "scenario step failed");
                failure.setTextContent(clean(String.join("\n", step.problems())
                        + (step.status() == null ? "" : "\nstatus: " + step.status())
                        + (step.answer() == null ? "" : "\nanswer: " + step.answer())));
                failures++;
            }
        }
        suite.setAttribute("tests", String.valueOf(result.steps().size() + (result.problems().isEmpty() ? 0 : 1)));
        suite.setAttribute("failures", String.valueOf(failures));
        suite.setAttribute("errors", String.valueOf(errors));
        suite.setAttribute("skipped", "0");
        Path target = directory.resolve(uniqueName("TEST-" + className));
        try (OutputStream out = Files.newOutputStream(target)) {
            Transformer transformer = TransformerFactory.newInstance().newTransformer();
            transformer.setOutputProperty(OutputKeys.INDENT, "yes");
            transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
            transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
            transformer.transform(new DOMSource(xml), new StreamResult(out));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot write " + target + ": " + e.getMessage(), e);
        }
        return target;
    }

    /**
     * The class name CI servers group the steps under: the file's name without its extension, with
     * no dots, since Jenkins would read those as packages.
     */
    static String className(String source) {
        String name = Path.of(source).getFileName().toString();
        int dot = name.lastIndexOf('.');
        return (dot > 0 ? name.substring(0, dot) : name).replace('.', '_');
    }

    private String uniqueName(String base) {
        String name = base + ".xml";
        for (int i = 2; !written.add(name); i++) {
            name = base + "-" + i + ".xml"; // two files of the same name in different directories
        }
        return name;
    }

    private static Element testcase(Element suite, String name, String className, Duration time) {
        Element testcase = child(suite, "testcase");
        testcase.setAttribute("name", clean(name));
        testcase.setAttribute("classname", className);
        testcase.setAttribute("time", seconds(time));
        return testcase;
    }

    private static Element child(Element parent, String name) {
        Element child = parent.getOwnerDocument().createElement(name);
        parent.appendChild(child);
        return child;
    }

    private static Document newDocument() {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String seconds(Duration time) {
        return String.format(Locale.ROOT, "%.3f", time.toNanos() / 1e9);
    }

    /** Text without the characters XML 1.0 cannot hold (an answer may carry control characters). */
    static String clean(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            boolean allowed = c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF)
                    || (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
            out.appendCodePoint(allowed ? c : 0xFFFD);
        });
        return out.toString();
    }
}
