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
 * What {@link Report}'s tables are written with: the run's {@code key=value} results read as numbers
 * (NaN for a part that did not run, shown "–"), and rows of a target (met or not) or of a figure
 * reported for context.
 */
abstract class ReportRows {
    final Properties results = new Properties();
    final List<String> out = new ArrayList<>();

    ReportRows(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file)) {
            results.load(reader);
        }
    }

    /** A ratio that should be 1: met within ± {@code tolerance}. */
    void within(String name, double value, double tolerance) {
        row(name, value, fmt(1 - tolerance) + "–" + fmt(1 + tolerance) + "x", Math.abs(value - 1) <= tolerance, "x");
    }

    void atLeast(String name, double value, double goal, String unit) {
        row(name, value, "≥ " + fmt(goal) + unit, value >= goal, unit);
    }

    void atMost(String name, double value, double goal, String unit) {
        row(name, value, "≤ " + fmt(goal) + unit, value <= goal, unit);
    }

    void report(String name, double value, String unit) {
        out.add("| " + name + " | " + fmt(value) + unit + " | (report) | |");
    }

    /** Context ratios, reported without a goal. */
    void report(String name, double... ratios) {
        List<String> values = new ArrayList<>();
        for (double ratio : ratios) {
            values.add(fmt(ratio) + "x");
        }
        out.add("| " + name + " | " + String.join(" / ", values) + " | (report) | |");
    }

    void row(String name, double value, String goal, boolean met, String unit) {
        out.add("| " + name + " | " + fmt(value) + unit + " | " + goal + " | " + (Double.isNaN(value) ? "?" : met ? "yes" : "**no**") + " |");
    }

    double ratio(String a, String b) {
        return num(a) / num(b);
    }

    double num(String key) {
        String value = results.getProperty(key);
        return value == null ? Double.NaN : Double.parseDouble(value);
    }

    static String fmt(double value) {
        return Double.isNaN(value) ? "–" : value >= 100 ? String.format(Locale.ROOT, "%.0f", value)
                : value >= 10 ? String.format(Locale.ROOT, "%.1f", value)
                : String.format(Locale.ROOT, "%.2f", value);
    }

    String f(String key, String format) {
        double value = num(key);
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, format, value);
    }

    String f0(String key) { return f(key, "%.0f"); }

    String f1(String key) { return f(key, "%.1f"); }

    String f2(String key) { return f(key, "%.2f"); }

    String f3(String key) { return f(key, "%.3f"); }
}
