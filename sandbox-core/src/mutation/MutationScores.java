import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The per-package mutation score of a PIT run, with the mutants judged equivalent set aside.
 * PIT's own threshold only sees the whole run; this fails the build when any one package is
 * under the threshold, so a strong package cannot hide a weak one.
 *
 * <pre>java MutationScores.java target/pit-reports/mutations.xml mutation-equivalents.txt 90</pre>
 *
 * Equivalents file: one mutant per line, {@code class | method | line | mutator | reason}, where
 * mutator is the simple name PIT prints (ConditionalsBoundaryMutator); {@code #} starts a comment.
 * A listed mutant that a test now kills is reported (STALE), so the list does not rot.
 */
public final class MutationScores {
    private static final Set<String> DETECTED = Set.of("KILLED", "TIMED_OUT", "MEMORY_ERROR", "RUN_ERROR");

    record Equivalent(String mutatedClass, String method, int line, String mutator, String reason) {
        String key() {
            return String.join(" | ", mutatedClass, method, String.valueOf(line), mutator);
        }

        boolean matches(Element mutation) {
            String mutatorClass = text(mutation, "mutator");
            return mutatedClass.equals(text(mutation, "mutatedClass"))
                    && method.equals(text(mutation, "mutatedMethod"))
                    && line == Integer.parseInt(text(mutation, "lineNumber"))
                    && mutatorClass.substring(mutatorClass.lastIndexOf('.') + 1).equals(mutator);
        }
    }

    static final class Tally {
        int mutants;
        int detected;
        int equivalent;
        int noCoverage;

        double score() {
            int counted = mutants - equivalent;
            return counted == 0 ? 100.0 : 100.0 * detected / counted;
        }
    }

    public static void main(String[] args) throws Exception {
        Path report = Path.of(args[0]);
        List<Equivalent> equivalents = readEquivalents(Path.of(args[1]));
        double threshold = Double.parseDouble(args[2]);

        NodeList mutations = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(report.toFile()).getElementsByTagName("mutation");
        Map<String, Tally> byPackage = new TreeMap<>();
        Tally total = new Tally();
        List<String> stale = new ArrayList<>();
        for (int i = 0; i < mutations.getLength(); i++) {
            Element mutation = (Element) mutations.item(i);
            String mutatedClass = text(mutation, "mutatedClass");
            String pkg = mutatedClass.substring(0, mutatedClass.lastIndexOf('.'));
            Tally tally = byPackage.computeIfAbsent(pkg.substring(pkg.lastIndexOf('.') + 1), p -> new Tally());
            String status = mutation.getAttribute("status");
            boolean detected = DETECTED.contains(status);
            Equivalent equivalent = equivalents.stream().filter(e -> e.matches(mutation)).findFirst().orElse(null);
            for (Tally t : List.of(tally, total)) {
                t.mutants++;
                if (detected) {
                    t.detected++;
                } else if (equivalent != null) {
                    t.equivalent++;
                } else if (status.equals("NO_COVERAGE")) {
                    t.noCoverage++;
                }
            }
            // a timeout on a loaded machine says nothing: only a kill shows a test tells the mutant apart
            if (status.equals("KILLED") && equivalent != null) {
                stale.add(equivalent.mutatedClass() + " " + equivalent.method() + " line " + equivalent.line()
                        + " " + equivalent.mutator() + " is listed as equivalent but " + status);
            }
        }

        // the listed mutants the equivalents filter left out of PIT's run: equivalent, and never run
        Path notRun = report.resolveSibling("equivalents-not-run.txt");
        List<String> leftOut = Files.exists(notRun) ? Files.readAllLines(notRun) : List.of();
        for (String line : leftOut) {
            String[] parts = line.split(" \\| ");
            String pkg = parts[0].substring(0, parts[0].lastIndexOf('.'));
            Tally tally = byPackage.computeIfAbsent(pkg.substring(pkg.lastIndexOf('.') + 1), p -> new Tally());
            for (Tally t : List.of(tally, total)) {
                t.mutants++;
                t.equivalent++;
            }
            equivalents.removeIf(e -> e.key().equals(String.join(" | ", parts[0], parts[1], parts[2], parts[3])));
        }
        equivalents.removeIf(e -> matchedInReport(e, mutations));

        System.out.println("| package | mutants | killed | equivalent | no coverage | score |");
        System.out.println("|---|---|---|---|---|---|");
        List<String> under = new ArrayList<>();
        byPackage.forEach((pkg, t) -> {
            System.out.println(row(pkg, t));
            if (t.score() < threshold) {
                under.add(pkg + String.format(" (%.1f%%)", t.score()));
            }
        });
        System.out.println(row("**all**", total));
        stale.forEach(s -> System.out.println("STALE: " + s));
        if (!leftOut.isEmpty()) {
            System.out.println(leftOut.size() + " listed equivalents were left out of the run (not checked for STALE)");
        }
        // what is left matched no mutant of a class the run mutated: a moved line, or code since removed
        Set<String> mutatedClasses = new java.util.HashSet<>();
        for (int i = 0; i < mutations.getLength(); i++) {
            mutatedClasses.add(text((Element) mutations.item(i), "mutatedClass"));
        }
        leftOut.forEach(line -> mutatedClasses.add(line.substring(0, line.indexOf(' '))));
        equivalents.stream().filter(e -> mutatedClasses.contains(e.mutatedClass()))
                .forEach(e -> System.out.println("MATCHES NO MUTANT: " + e.key()));
        if (!under.isEmpty()) {
            System.out.println("Under " + threshold + "%: " + String.join(", ", under));
            System.exit(1);
        }
    }

    private static boolean matchedInReport(Equivalent equivalent, NodeList mutations) {
        for (int i = 0; i < mutations.getLength(); i++) {
            if (equivalent.matches((Element) mutations.item(i))) {
                return true;
            }
        }
        return false;
    }

    private static String row(String name, Tally t) {
        return String.format("| %s | %d | %d | %d | %d | %.1f%% |", name, t.mutants, t.detected, t.equivalent,
                t.noCoverage, t.score());
    }

    private static List<Equivalent> readEquivalents(Path file) throws Exception {
        List<Equivalent> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            String[] parts = trimmed.split("\\|", 5);
            if (parts.length < 5 || parts[4].isBlank()) {
                throw new IllegalArgumentException("Expected 'class | method | line | mutator | reason': " + line);
            }
            out.add(new Equivalent(parts[0].strip(), parts[1].strip(), Integer.parseInt(parts[2].strip()),
                    parts[3].strip(), parts[4].strip()));
        }
        return out;
    }

    private static String text(Element parent, String tag) {
        return parent.getElementsByTagName(tag).item(0).getTextContent();
    }
}
