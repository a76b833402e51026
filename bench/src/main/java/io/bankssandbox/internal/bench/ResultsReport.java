package io.bankssandbox.internal.bench;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * What every Markdown report of the bench shares: bench/run.sh's {@code key=value} results, each
 * figure formatted ("–" when its part did not run), and the rows of targets (a figure, its goal, met
 * or not; "?" without figures), written to one list of lines.
 */
abstract class ResultsReport {
    protected final Properties results;
    protected final List<String> out;

    protected ResultsReport(Properties results, List<String> out) {
        this.results = results;
        this.out = out;
    }

    static Properties load(Path file) throws IOException {
        Properties results = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            results.load(reader);
        }
        return results;
    }

    /** A ratio that should be 1: met within ± {@code tolerance}. */
    protected void within(String name, double value, double tolerance) {
        row(name, value, fmt(1 - tolerance) + "–" + fmt(1 + tolerance) + "x", Math.abs(value - 1) <= tolerance, "x");
    }

    protected void atLeast(String name, double value, double goal, String unit) {
        row(name, value, "≥ " + fmt(goal) + unit, value >= goal, unit);
    }

    protected void atMost(String name, double value, double goal, String unit) {
        row(name, value, "≤ " + fmt(goal) + unit, value <= goal, unit);
    }

    protected void report(String name, double value, String unit) {
        out.add("| " + name + " | " + fmt(value) + unit + " | (report) | |");
    }

    /** Context ratios, reported without a goal. */
    protected void report(String name, double... ratios) {
        List<String> values = new ArrayList<>();
        for (double ratio : ratios) {
            values.add(fmt(ratio) + "x");
        }
        out.add("| " + name + " | " + String.join(" / ", values) + " | (report) | |");
    }

    protected void row(String name, double value, String goal, boolean met, String unit) {
        out.add("| " + name + " | " + fmt(value) + unit + " | " + goal + " | " + (Double.isNaN(value) ? "?" : met ? "yes" : "**no**") + " |");
    }

    protected double ratio(String a, String b) {
        return num(a) / num(b);
    }

    protected double num(String key) {
        String value = results.getProperty(key);
        return value == null ? Double.NaN : Double.parseDouble(value);
    }

    static String fmt(double value) {
        return Double.isNaN(value) ? "–" : value >= 100 ? String.format(Locale.ROOT, "%.0f", value)
                : value >= 10 ? String.format(Locale.ROOT, "%.1f", value)
                : String.format(Locale.ROOT, "%.2f", value);
    }

    protected String f(String key, String format) {
        double value = num(key);
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, format, value);
    }

    protected String f0(String key) { return f(key, "%.0f"); }

    protected String f1(String key) { return f(key, "%.1f"); }

    protected String f2(String key) { return f(key, "%.2f"); }

    protected String f3(String key) { return f(key, "%.3f"); }
}
