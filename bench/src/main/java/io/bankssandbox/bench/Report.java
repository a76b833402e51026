package io.bankssandbox.bench;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/** Turns bench/run.sh's {@code key=value} results into the figures table and the targets table (Markdown). */
public final class Report {
    private final Properties results = new Properties();
    private final List<String> out = new ArrayList<>();

    private Report(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file)) {
            results.load(reader);
        }
    }

    public static void main(String[] args) throws IOException {
        Report report = new Report(Path.of(args[0]));
        report.figures();
        report.targets();
        report.out.forEach(System.out::println);
    }

    private void figures() {
        out.add("| measurement | sandbox | WireMock 3.13.2 | bare Javalin |");
        out.add("|---|---:|---:|---:|");
        out.add("| GET /v0/cards/{id}, requests/s | " + f0("sandbox_get_rps") + " | " + f0("wiremock_get_rps") + " | "
                + f0("javalin_get_rps") + " |");
        out.add("| GET /v0/cards/{id}, p99 ms | " + f2("sandbox_get_p99_ms") + " | " + f2("wiremock_get_p99_ms") + " | "
                + f2("javalin_get_p99_ms") + " |");
        out.add("| POST /v0/cards (validation + idempotency), requests/s (p99 ms) | " + f0("sandbox_post_rps") + " ("
                + f2("sandbox_post_p99_ms") + ") | | |");
        out.add("| GET /v0/inbound-ach-transfers?limit=10, requests/s (p99 ms) | " + f0("sandbox_list_rps") + " ("
                + f2("sandbox_list_p99_ms") + ") | | |");
        out.add("| GET /v0/cards/{id} through bin/banks-sandbox (C1 only), requests/s (p99 ms) | "
                + f0("sandbox_launcher_get_rps") + " (" + f2("sandbox_launcher_get_p99_ms") + ") | | |");
        out.add("| JVM start to first 200 with `java -jar`, median ms | " + f0("sandbox_start_ms") + " | "
                + f0("wiremock_start_ms") + " | |");
        out.add("| JVM start to first 200 with CDS archive + C1 only, median ms | " + f0("sandbox_launcher_start_ms")
                + " (bin/banks-sandbox) | " + f0("wiremock_tuned_start_ms") + " (same flags) | |");
        out.add("| embedded start+GET+stop, first / median after first / p90, ms | " + f1("embedded_first_cycle_ms")
                + " / " + f1("embedded_cycle_median_ms") + " / " + f1("embedded_cycle_p90_ms") + " | | |");
        out.add("| reset after a POST, median / p99 ms | " + f3("reset_median_ms") + " / " + f3("reset_p99_ms")
                + " | | |");
        out.add("| heap used after GC with " + f0("transfers_stored") + " inbound ACH transfers (-Xmx"
                + f0("heap_max_mib") + "m), MiB | " + f0("heap_used_after_gc_mib") + " (" + f0("bytes_per_transfer")
                + " B/transfer) | | |");
        for (String page : List.of("first", "middle", "one_key", "account")) {
            out.add("| list page (" + page.replace('_', ' ') + "), µs at 1k / 1M, wall (thread CPU) | "
                    + f1("page_" + page + "_1k_us") + " / " + f1("page_" + page + "_1m_us") + " ("
                    + f1("page_" + page + "_1k_cpu_us") + " / " + f1("page_" + page + "_1m_cpu_us") + ") | | |");
        }
        long errors = 0;
        for (String name : results.stringPropertyNames()) {
            if (name.endsWith("_errors")) {
                errors += (long) num(name);
            }
        }
        out.add("");
        out.add("Non-2xx or socket errors during the wrk runs: " + errors + ". Load average (1, 5, 15 min): "
                + results.getProperty("load_average", "?") + ". Settings: " + results.getProperty("settings", "?") + ".");
        out.add("");
    }

    private void targets() {
        out.add("| target | measured | goal | met |");
        out.add("|---|---:|---:|:-:|");
        atLeast("GET vs WireMock", ratio("sandbox_get_rps", "wiremock_get_rps"), 2.5, "x");
        atLeast("GET vs bare Javalin", ratio("sandbox_get_rps", "javalin_get_rps"), 0.85, "x");
        atMost("start to first 200: bin/banks-sandbox vs WireMock's `java -jar`",
                ratio("sandbox_launcher_start_ms", "wiremock_start_ms"), 0.5, "x");
        atMost("start to first 200: both `java -jar` (context)", ratio("sandbox_start_ms", "wiremock_start_ms"), 0.5, "x");
        atMost("start to first 200: both with CDS + C1 (context)",
                ratio("sandbox_launcher_start_ms", "wiremock_tuned_start_ms"), 0.5, "x");
        atLeast("POST vs GET", ratio("sandbox_post_rps", "sandbox_get_rps"), 0.5, "x");
        atMost("reset (median)", num("reset_median_ms"), 1.0, " ms");
        atMost("embedded cycle after the first (median)", num("embedded_cycle_median_ms"), 30.0, " ms");
        double worstWall = 0;
        double worstCpu = 0;
        for (String page : List.of("first", "middle", "one_key", "account")) {
            worstWall = Math.max(worstWall, ratio("page_" + page + "_1m_us", "page_" + page + "_1k_us"));
            worstCpu = Math.max(worstCpu, ratio("page_" + page + "_1m_cpu_us", "page_" + page + "_1k_cpu_us"));
        }
        atMost("list page 1M vs 1k, thread CPU (worst of four pages)", worstCpu, 1.2, "x");
        atMost("list page 1M vs 1k, wall (worst of four pages)", worstWall, 1.2, "x");
        atMost("heap with 1M transfers", num("heap_used_after_gc_mib"), 1024, " MiB");
    }

    private void atLeast(String name, double value, double goal, String unit) {
        row(name, value, "≥ " + fmt(goal) + unit, value >= goal, unit);
    }

    private void atMost(String name, double value, double goal, String unit) {
        row(name, value, "≤ " + fmt(goal) + unit, value <= goal, unit);
    }

    private void row(String name, double value, String goal, boolean met, String unit) {
        out.add("| " + name + " | " + fmt(value) + unit + " | " + goal + " | " + (Double.isNaN(value) ? "?" : met ? "yes" : "**no**") + " |");
    }

    private double ratio(String a, String b) {
        return num(a) / num(b);
    }

    private double num(String key) {
        String value = results.getProperty(key);
        return value == null ? Double.NaN : Double.parseDouble(value);
    }

    private static String fmt(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%.0f", value)
                : value >= 10 ? String.format(Locale.ROOT, "%.1f", value)
                : String.format(Locale.ROOT, "%.2f", value);
    }

    private String f0(String key) { return String.format(Locale.ROOT, "%.0f", num(key)); }

    private String f1(String key) { return String.format(Locale.ROOT, "%.1f", num(key)); }

    private String f2(String key) { return String.format(Locale.ROOT, "%.2f", num(key)); }

    private String f3(String key) { return String.format(Locale.ROOT, "%.3f", num(key)); }
}
