package io.bankssandbox.internal.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * bench/ab.sh's report: a change against a reference build, measured in one run in alternating
 * rounds. Each figure's file in ROUNDS_DIR holds one value per round ({@code change_get.rps},
 * {@code main_start_ms}, ...); a ratio is taken within each round, where both sides met the same
 * neighbours, and reported as the geometric mean of the rounds' ratios with their spread (lowest to
 * highest). Pooled medians would mix rounds the machine's load had bent by different amounts.
 *
 * <pre>java -cp bench-classes ComparisonReport ROUNDS_DIR CHANGE_NAME REFERENCE_NAME</pre>
 */
public final class ComparisonReport {
    /** A figure both builds have: its label, its file for a side ({@code %s} the side), whether less is better. */
    private record Figure(String label, String key, boolean lessIsBetter) {}

    private static final List<Figure> FIGURES = List.of(
            new Figure("`java -jar` start to the first 200, ms", "%s_start_ms", true),
            new Figure("the same, the process's CPU by then, ms", "%s_start_cpu_ms", true),
            new Figure("a fresh server's start + first GET + first POST, from the launch, ms", "requests_%s_post_ms", true),
            new Figure("the same, the process's CPU by then, ms", "requests_%s_post_cpu_ms", true),
            new Figure("the first POST after the first GET, ms", "requests_%s_post_after_get_ms", true),
            new Figure("first `Sandbox.start()` + one request in a fresh JVM, ms", "first_%s_first_ms", true),
            new Figure("each further sandbox: start, one request, close (median of the JVM's cycles), ms",
                    "first_%s_further_ms", true),
            new Figure("the same, the process's CPU per cycle, ms", "first_%s_further_process_cpu_ms", true),
            new Figure("GET /v0/cards/{id}, requests/s", "%s_get.rps", false),
            new Figure("GET, server CPU per request, µs", "%s_get.cpu_us", true),
            new Figure("POST /v0/cards (a new Idempotency-Key each), requests/s", "%s_post.rps", false),
            new Figure("POST, server CPU per request, µs", "%s_post.cpu_us", true));

    private final Map<String, double[]> rounds = new HashMap<>();
    private final List<String> out = new ArrayList<>();

    private ComparisonReport(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                rounds.put(file.getFileName().toString(), Files.readAllLines(file).stream().filter(l -> !l.isBlank())
                        .mapToDouble(Double::parseDouble).toArray());
            }
        }
    }

    public static void main(String[] args) throws IOException {
        ComparisonReport report = new ComparisonReport(Path.of(args[0]));
        report.figures(args[1], args[2]);
        report.targets(args[1], args[2]);
        report.out.forEach(System.out::println);
    }

    private void figures(String change, String reference) {
        out.add("| measure | " + change + " (median of rounds) | " + reference + " (median of rounds) | "
                + change + " / " + reference + ": mean of the rounds' ratios (lowest – highest) | better |");
        out.add("|---|---:|---:|---:|:-:|");
        for (Figure figure : FIGURES) {
            double[] a = rounds.get(String.format(Locale.ROOT, figure.key(), change));
            double[] b = rounds.get(String.format(Locale.ROOT, figure.key(), reference));
            if (a == null || b == null) {
                continue; // a part this run left out
            }
            double[] ratios = perRound(a, b, (x, y) -> x / y);
            double mean = geometricMean(ratios);
            String better = spreadOf(ratios)[1] < 1 == figure.lessIsBetter() && !inside(ratios, 1) ? "yes"
                    : inside(ratios, 1) ? "same" : "**worse**";
            out.add("| " + figure.label() + " | " + ResultsReport.fmt(median(a)) + " | " + ResultsReport.fmt(median(b))
                    + " | " + ResultsReport.fmt(mean) + "x (" + range(ratios) + ") | " + better + " |");
        }
        out.add("");
        out.add("\"same\": the rounds' ratios lie on both sides of 1. Ratios are taken within a round; " + roundsCount()
                + " rounds, the order of the two builds alternating (ABBA).");
        out.add("");
    }

    private void targets(String change, String reference) {
        out.add("| target, each round's own ratio | " + change + ": mean (lowest – highest) | " + reference
                + ": mean (lowest – highest) | goal | met by " + change + " |");
        out.add("|---|---:|---:|---:|:-:|");
        target("POST vs GET, requests/s", change, reference, "%s_post.rps", "%s_get.rps", false, 0.6, "x");
        target("POST vs GET by server CPU per request (context)", change, reference, "%s_get.cpu_us", "%s_post.cpu_us",
                false, Double.NaN, "x");
        target("each further sandbox vs each further WireMock (medians of each JVM's cycles)", change, reference,
                "first_%s_further_ms", "first_wiremock_further_ms", true, 0.6, "x");
        target("each further sandbox (median of each JVM's cycles)", change, reference, "first_%s_further_ms", null,
                true, 20, " ms");
        out.add("");
    }

    /** A figure of one build per round ({@code over} null), or its ratio to another figure of the same round. */
    private void target(String label, String change, String reference, String key, String over, boolean atMost,
                        double bound, String unit) {
        double[] a = sideValues(change, key, over);
        double[] b = sideValues(reference, key, over);
        if (a == null && b == null) {
            return;
        }
        String goal = Double.isNaN(bound) ? "(report)" : (atMost ? "≤ " : "≥ ") + ResultsReport.fmt(bound) + unit;
        String met = a == null || Double.isNaN(bound) ? "" : (atMost ? spreadOf(a)[1] <= bound : spreadOf(a)[0] >= bound)
                ? "yes, every round" : (atMost ? central(a, over) <= bound : central(a, over) >= bound) ? "yes (not every round)"
                : "**no**";
        out.add("| " + label + " | " + summary(a, over, unit) + " | " + summary(b, over, unit) + " | " + goal + " | " + met + " |");
    }

    private double[] sideValues(String side, String key, String over) {
        double[] values = rounds.get(String.format(Locale.ROOT, key, side));
        if (values == null || over == null) {
            return values;
        }
        double[] divisor = rounds.get(String.format(Locale.ROOT, over, side));
        return divisor == null ? null : perRound(values, divisor, (x, y) -> x / y);
    }

    private static String summary(double[] values, String over, String unit) {
        return values == null ? "–" : ResultsReport.fmt(central(values, over)) + unit + " (" + range(values) + ")";
    }

    /** Ratios: their geometric mean; plain figures: their median. */
    private static double central(double[] values, String over) {
        return over == null ? median(values) : geometricMean(values);
    }

    private static double[] perRound(double[] a, double[] b, java.util.function.DoubleBinaryOperator op) {
        double[] ratios = new double[Math.min(a.length, b.length)];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = op.applyAsDouble(a[i], b[i]);
        }
        return ratios;
    }

    /** The middle value; of an even count, the mean of the two middle ones (rounds are few). */
    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static double geometricMean(double[] values) {
        return Math.exp(Arrays.stream(values).map(Math::log).average().orElse(Double.NaN));
    }

    private static double[] spreadOf(double[] values) {
        return new double[] {Arrays.stream(values).min().orElse(Double.NaN), Arrays.stream(values).max().orElse(Double.NaN)};
    }

    private static boolean inside(double[] values, double point) {
        double[] s = spreadOf(values);
        return s[0] <= point && point <= s[1];
    }

    private static String range(double[] values) {
        double[] s = spreadOf(values);
        return ResultsReport.fmt(s[0]) + " – " + ResultsReport.fmt(s[1]);
    }

    private int roundsCount() {
        return rounds.values().stream().mapToInt(v -> v.length).max().orElse(0);
    }
}
