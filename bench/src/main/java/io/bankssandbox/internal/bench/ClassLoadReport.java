package io.bankssandbox.internal.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The startup breakdown as a Markdown table: {@link StartupBreakdown}'s steps (its stdout) joined
 * with the JVM's class-loading log ({@code -Xlog:class+load:file=F:uptimenanos,timenanos}), so each
 * step shows its time and how many classes of which library it loaded.
 *
 * <pre>java -cp ... ClassLoadReport STEPS_FILE CLASS_LOG</pre>
 */
public final class ClassLoadReport {
    private static final Pattern LINE = Pattern.compile("^\\[(\\d+)ns\\]\\[(\\d+)ns\\] (\\S+) source: (.*)$");
    /** Package prefixes to the library they come from, first match wins; anything else is the JDK. */
    private static final String[][] LIBRARIES = {
            {"io.bankssandbox", "sandbox"}, {"org.eclipse.jetty", "Jetty"}, {"jakarta.", "Jetty"},
            {"io.javalin", "Javalin"}, {"kotlin", "Kotlin"}, {"com.fasterxml.jackson", "Jackson"},
            {"com.networknt", "json-schema"}, {"com.ethlo", "json-schema"}, {"picocli", "picocli"},
            {"org.slf4j", "slf4j"}, {"org.apache.pdfbox", "PDFBox"}, {"org.apache.fontbox", "PDFBox"},
            {"io.xlate", "StAEDI"}, {"javax.management", "JDK JMX"}, {"com.sun.jmx", "JDK JMX"},
            {"java.lang.management", "JDK JMX"}, {"sun.management", "JDK JMX"}, {"com.sun.management", "JDK JMX"},
            {"jdk.jfr", "JDK JMX"}, {"jdk.management", "JDK JMX"}};

    private ClassLoadReport() {}

    public static void main(String[] args) throws IOException {
        List<Step> steps = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            String[] f = line.split(" ");
            if (f.length == 5 && f[0].equals("step")) {
                steps.add(new Step(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4])));
            }
        }
        List<String[]> classes = new ArrayList<>(); // {time, library}
        long jvmStart = -1;
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                long time = Long.parseLong(m.group(1)); // the JVM prints timenanos before uptimenanos
                if (jvmStart < 0) {
                    jvmStart = time - Long.parseLong(m.group(2)); // the JVM's clock knows its start better than /proc
                }
                boolean shared = m.group(4).startsWith("shared objects file");
                classes.add(new String[] {Long.toString(time), library(m.group(3)) + (shared ? " (CDS)" : "")});
            }
        }
        if (!steps.isEmpty() && steps.get(0).name.equals("jvm") && jvmStart >= 0) {
            steps.set(0, new Step("jvm", jvmStart, steps.get(0).end, steps.get(0).cpu));
        }
        for (String[] loaded : classes) {
            long time = Long.parseLong(loaded[0]);
            for (Step step : steps) {
                if (time >= step.start && time < step.end) {
                    step.classes.merge(loaded[1], 1, Integer::sum);
                    step.total++;
                    break;
                }
            }
        }
        System.out.println("| step | wall ms | main thread CPU ms | classes loaded | by library |");
        System.out.println("|---|---:|---:|---:|---|");
        for (Step step : steps) {
            StringBuilder libraries = new StringBuilder();
            step.classes.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue())
                    .forEach(e -> libraries.append(libraries.length() == 0 ? "" : ", ").append(e.getKey()).append(' ')
                            .append(e.getValue()));
            System.out.println("| " + step.name + " | " + String.format(Locale.ROOT, "%.1f", (step.end - step.start) / 1e6)
                    + " | " + String.format(Locale.ROOT, "%.1f", step.cpu / 1e6) + " | " + step.total + " | " + libraries + " |");
        }
    }

    static String library(String className) {
        for (String[] library : LIBRARIES) {
            if (className.startsWith(library[0])) {
                return library[1];
            }
        }
        return "JDK";
    }

    private static final class Step {
        final String name;
        final long start;
        final long end;
        final long cpu;
        final Map<String, Integer> classes = new TreeMap<>();
        int total;

        Step(String name, long start, long end, long cpu) {
            this.name = name;
            this.start = start;
            this.end = end;
            this.cpu = cpu;
        }
    }

}
