package io.bankssandbox.internal.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Turns bench/run.sh's {@code key=value} results into Markdown: the figures, the performance targets
 * (met or not), and the startup breakdown when that part ran. A figure whose part did not run shows
 * as "–"; a target without figures shows "?".
 *
 * <pre>java -cp ... Report RESULTS_FILE [OUT_DIR]</pre>
 */
public final class Report extends ResultsReport {
    private final Path dir;

    private Report(Properties results, Path dir) {
        super(results, new ArrayList<>());
        this.dir = dir;
    }

    public static void main(String[] args) throws IOException {
        Report report = new Report(load(Path.of(args[0])), args.length > 1 ? Path.of(args[1]) : null);
        report.figures();
        report.targets();
        new DurableReport(report.results, report.out).rows();
        report.breakdown();
        report.out.forEach(System.out::println);
    }

    private void figures() {
        boolean baseline = results.containsKey("baseline_get_rps") || results.containsKey("baseline_start_ms")
                || results.containsKey("baseline_first_ms") || results.containsKey("requests_baseline_post_ms");
        out.add("| measurement | sandbox | WireMock 3.13.2 | MockServer 7.6.0 | bare Javalin (same jar) |"
                + (baseline ? " baseline jar |" : ""));
        out.add("|---|---:|---:|---:|---:|" + (baseline ? "---:|" : ""));
        String b = baseline ? " |" : "";
        out.add("| `java -jar` start to first 200, median ms wall (CPU) | " + wallCpu("sandbox_start") + " | "
                + wallCpu("wiremock_start") + " | " + wallCpu("mockserver_start") + " | " + wallCpu("javalin_start") + " |"
                + (baseline ? " " + wallCpu("baseline_start") + " |" : ""));
        out.add("| the same with a CDS archive + C1 only, median ms wall (CPU) | " + wallCpu("sandbox_launcher_start")
                + " (bin/banks-sandbox) | " + wallCpu("wiremock_tuned_start") + " (same flags) | | |" + b);
        out.add("| bin/banks-sandbox on Java 25 (AOT cache + C1 only), median ms wall (CPU) | "
                + wallCpu("sandbox_launcher25_start") + " | | | |" + b);
        // bench/parts/60-npx.sh: npx's own CPU only (the JVM is its grandchild), so wall time alone
        out.add("| `npx banks-sandbox` on the bundled runtime (jlink + build-time CDS, no JDK), median ms wall | "
                + f0("npx_start_ms") + " (" + f0("npx_direct_start_ms") + " without npx: node_modules/.bin/banks-sandbox) | "
                + f0("wiremock_npx_start_ms") + " (`java -jar`, same run) | | |" + b);
        // bench/parts/80-image.sh: podman's client's CPU only (the JVM runs under conmon), so wall time alone
        out.add("| the image: `podman run -p` to first 200, median ms wall; its size (`podman image inspect`) | "
                + f0("image_start_ms") + " (the jar's `java -jar`, same run: " + f0("jar_image_start_ms") + "); "
                + f("image_size_mb", "%.1f") + " MB | | | |" + b);
        out.add("| first server in a fresh JVM: start + one request (JDK HttpClient), median ms (from the JVM's launch) | "
                + first("sandbox") + " | " + first("wiremock") + " | " + first("mockserver") + " | " + first("javalin") + " |"
                + (baseline ? " " + first("baseline") + " |" : ""));
        out.add("| each further server in that JVM: start + one request + close, median / p90 ms (process CPU) | "
                + further("sandbox") + " | " + further("wiremock") + " | " + further("mockserver") + " | " + further("javalin")
                + " |" + (baseline ? " " + further("baseline") + " |" : ""));
        out.add("| the same split: start / one request / close, medians ms (context) | " + split("sandbox") + " | "
                + split("wiremock") + " | " + split("mockserver") + " | " + split("javalin") + " |"
                + (baseline ? " " + split("baseline") + " |" : ""));
        out.add("| a fresh `java -jar` server's first requests, from the JVM's launch, median ms: start / first GET / first POST "
                + "/ first 835 (CPU by the POST) | " + firstRequests("requests_sandbox") + " | | | "
                + firstRequests("requests_javalin") + " (no 835) |" + (baseline ? " " + firstRequests("requests_baseline") + " |" : ""));
        out.add("| the same, each step alone, median ms: the first POST after the first GET / the first 835 after the first POST | "
                + f0("requests_sandbox_post_after_get_ms") + " / " + f0("requests_sandbox_era_after_post_ms") + " | | | "
                + f0("requests_javalin_post_after_get_ms") + " |" + (baseline ? " " + f0("requests_baseline_post_after_get_ms")
                + " / " + f0("requests_baseline_era_after_post_ms") + " |" : ""));
        out.add("| GET /v0/cards/{id}, requests/s (p50 / p99 ms) | " + rps("sandbox_get") + " | " + rps("wiremock_get")
                + "; --no-request-journal " + rps("wiremock_fast_get") + " | | " + rps("javalin_get") + " |"
                + (baseline ? " " + rps("baseline_get") + " |" : ""));
        out.add("| POST /v0/cards (validation + idempotency, a new key each), requests/s (p50 / p99 ms) | "
                + rps("sandbox_post") + " | | | |" + (baseline ? " " + rps("baseline_post") + " |" : ""));
        out.add("| GET /v0/inbound-ach-transfers?limit=10, requests/s (p50 / p99 ms) | " + rps("sandbox_list") + " | | | |"
                + (baseline ? " " + rps("baseline_list") + " |" : ""));
        out.add("| server CPU per request (all its threads), µs: GET / POST / list | " + f1("sandbox_get_cpu_us") + " / "
                + f1("sandbox_post_cpu_us") + " / " + f1("sandbox_list_cpu_us") + " | " + f1("wiremock_get_cpu_us") + " ("
                + f1("wiremock_fast_get_cpu_us") + " with --no-request-journal) | | " + f1("javalin_get_cpu_us") + " |"
                + (baseline ? " " + f1("baseline_get_cpu_us") + " / " + f1("baseline_post_cpu_us") + " / "
                + f1("baseline_list_cpu_us") + " |" : ""));
        out.add("| GET /v0/cards/{id} through bin/banks-sandbox (C1 only), requests/s (p50 / p99 ms) | "
                + rps("sandbox_launcher_get") + " | | | |" + b);
        out.add("| further sandboxes over a plain socket closed first (context), median / p90 ms | "
                + f1("embedded_cycle_median_ms") + " / " + f1("embedded_cycle_p90_ms") + " | | | |" + b);
        out.add("| reset after a POST, median / p99 ms | " + f3("reset_median_ms") + " / " + f3("reset_p99_ms") + " | | | |" + b);
        out.add("| heap used after GC with " + f0("transfers_stored") + " inbound ACH transfers (-Xmx"
                + f0("heap_max_mib") + "m), MiB | " + f0("heap_used_after_gc_mib") + " (" + f0("bytes_per_transfer")
                + " B/transfer) | | | |" + b);
        for (String page : List.of("first", "middle", "one_key", "account")) {
            out.add("| list page (" + page.replace('_', ' ') + "), µs at 1k / 1M, thread CPU (wall) | "
                    + f1("page_" + page + "_1k_cpu_us") + " / " + f1("page_" + page + "_1m_cpu_us") + " ("
                    + f1("page_" + page + "_1k_us") + " / " + f1("page_" + page + "_1m_us") + ") | | | |" + b);
        }
        // bench/parts/70-ondemand.sh: a sandbox per test, a JVM each or on demand from one server
        out.add("| a sandbox per test: a `java -jar` per worker, start to first 200, median ms (RSS MiB) | "
                + f0("ondemand_worker_jar_start_ms") + " (" + f0("ondemand_worker_jar_rss_mib") + ") | | | |" + b);
        out.add("| a sandbox per test on demand from one `java -jar` server: POST /_sandbox/sandboxes + its first "
                + "answered request, median / p90 ms (the POST alone) | " + f1("ondemand_create_first_ms") + " / "
                + f1("ondemand_create_first_p90_ms") + " (" + f1("ondemand_create_ms") + ") | | | |" + b);
        out.add("| sandboxes on demand in -Xmx768m: heap each at fixture state (" + f0("ondemand_open_at_once")
                + " open), MiB; 1,000 in a row: heap before / after MiB, threads before / after | "
                + f2("ondemand_heap_per_sandbox_mib") + "; " + f1("ondemand_row_heap_before_mib") + " / "
                + f1("ondemand_row_heap_after_mib") + ", " + f0("ondemand_row_threads_before") + " / "
                + f0("ondemand_row_threads_after") + " | | | |" + b);
        long errors = 0;
        for (String name : results.stringPropertyNames()) {
            if (name.endsWith("_errors")) {
                errors += (long) num(name);
            }
        }
        out.add("");
        out.add("Non-2xx or socket errors during the wrk runs: " + errors + ". Load average (1, 5, 15 min): "
                + results.getProperty("load_average", "?") + "; per part (at its end): " + loads() + ". Settings: "
                + results.getProperty("settings", "?") + ".");
        out.add("");
    }

    private String wallCpu(String key) {
        return f0(key + "_ms") + " (" + f0(key + "_cpu_ms") + ")";
    }

    private String first(String peer) {
        return f0(peer + "_first_ms") + " (" + f0(peer + "_first_process_ms") + ")";
    }

    private String firstRequests(String variant) {
        return f0(variant + "_start_ms") + " / " + f0(variant + "_get_ms") + " / " + f0(variant + "_post_ms") + " / "
                + f0(variant + "_era_ms") + " (" + f0(variant + "_post_cpu_ms") + ")";
    }

    private String further(String peer) {
        return f1(peer + "_further_ms") + " / " + f1(peer + "_further_p90_ms") + " (" + f1(peer + "_further_process_cpu_ms") + ")";
    }

    private String split(String peer) {
        return f1(peer + "_further_start_ms") + " / " + f1(peer + "_further_request_ms") + " / "
                + f1(peer + "_further_close_ms");
    }

    private String rps(String key) {
        return f0(key + "_rps") + " (" + f2(key + "_p50_ms") + " / " + f2(key + "_p99_ms") + ")";
    }

    private String loads() {
        List<String> loads = new ArrayList<>();
        for (String part : List.of("throughput", "start", "first", "requests", "embedded", "memory", "breakdown", "state_file", "ondemand")) {
            String load = results.getProperty("load_" + part);
            if (load != null) {
                loads.add(part + " " + load);
            }
        }
        return loads.isEmpty() ? "?" : String.join(", ", loads);
    }

    private void targets() {
        out.add("| target, each a ratio within this run | measured | goal | met |");
        out.add("|---|---:|---:|:-:|");
        atMost("`java -jar` start to first 200 vs bare Javalin from the same jar, wall",
                ratio("sandbox_start_ms", "javalin_start_ms"), 1.15, "x");
        atMost("`java -jar` start vs WireMock's `java -jar`, wall", ratio("sandbox_start_ms", "wiremock_start_ms"), 0.65, "x");
        atMost("`java -jar` start vs MockServer's `java -jar`, wall", ratio("sandbox_start_ms", "mockserver_start_ms"), 0.35, "x");
        report("the same three by CPU used by the first 200 (context): vs bare Javalin / WireMock / MockServer",
                ratio("sandbox_start_cpu_ms", "javalin_start_cpu_ms"), ratio("sandbox_start_cpu_ms", "wiremock_start_cpu_ms"),
                ratio("sandbox_start_cpu_ms", "mockserver_start_cpu_ms"));
        atMost("bin/banks-sandbox vs WireMock's plain `java -jar`, wall",
                ratio("sandbox_launcher_start_ms", "wiremock_start_ms"), 0.4, "x");
        atMost("bin/banks-sandbox on Java 25 (its AOT cache) vs WireMock's plain `java -jar` (Java 17), wall",
                ratio("sandbox_launcher25_start_ms", "wiremock_start_ms"), 0.4, "x");
        atMost("`npx banks-sandbox` on the bundled runtime vs WireMock's plain `java -jar` (same run), wall",
                ratio("npx_start_ms", "wiremock_npx_start_ms"), 0.5, "x");
        atMost("the image's `podman run` start vs the same jar's `java -jar` (same run), wall",
                ratio("image_start_ms", "jar_image_start_ms"), 1.2, "x");
        atMost("the image's size, MB (podman image inspect)", num("image_size_bytes") / 1e6, 120, " MB");
        report("bin/banks-sandbox vs WireMock with the same two flags (context)",
                ratio("sandbox_launcher_start_ms", "wiremock_tuned_start_ms"));
        atMost("first Sandbox.start() + one request in a fresh JVM vs bare Javalin embedded",
                ratio("sandbox_first_ms", "javalin_first_ms"), 1.1, "x");
        atMost("the same vs WireMock embedded (new WireMockServer, one stub)", ratio("sandbox_first_ms", "wiremock_first_ms"),
                0.95, "x");
        atMost("the same vs MockServer embedded (startClientAndServer, one expectation)",
                ratio("sandbox_first_ms", "mockserver_first_ms"), 0.7, "x");
        report("the same three from the JVM's launch (context): vs bare Javalin / WireMock / MockServer",
                ratio("sandbox_first_process_ms", "javalin_first_process_ms"),
                ratio("sandbox_first_process_ms", "wiremock_first_process_ms"),
                ratio("sandbox_first_process_ms", "mockserver_first_process_ms"));
        atMost("a fresh `java -jar` server: start + first GET + first POST, from the launch, vs bare Javalin from the same jar",
                ratio("requests_sandbox_post_ms", "requests_javalin_post_ms"), 1.15, "x");
        atMost("the first 835 after the first POST (median)", num("requests_sandbox_era_after_post_ms"), 50, " ms");
        report("the same start + GET + POST by the CPU used by then (context): vs bare Javalin",
                ratio("requests_sandbox_post_cpu_ms", "requests_javalin_post_cpu_ms"));
        atMost("each further sandbox: start, one request, close (median)", num("sandbox_further_ms"), 20, " ms");
        atMost("each further sandbox vs each further WireMock (medians)", ratio("sandbox_further_ms", "wiremock_further_ms"),
                0.6, "x");
        atMost("reset to the fixture state (p99)", num("reset_p99_ms"), 1.0, " ms");
        atLeast("GET vs bare Javalin serving the same bytes", ratio("sandbox_get_rps", "javalin_get_rps"), 0.9, "x");
        atLeast("GET vs WireMock (defaults: request journal on)", ratio("sandbox_get_rps", "wiremock_get_rps"), 3.0, "x");
        report("GET vs WireMock --no-request-journal", ratio("sandbox_get_rps", "wiremock_fast_get_rps"));
        atLeast("POST (a new Idempotency-Key each) vs GET", ratio("sandbox_post_rps", "sandbox_get_rps"), 0.6, "x");
        // the same three ratios from the servers' CPU per request, which a busy machine bends less
        report("the same three by server CPU per request (context): GET vs bare Javalin / GET vs WireMock / POST vs GET",
                ratio("javalin_get_cpu_us", "sandbox_get_cpu_us"), ratio("wiremock_get_cpu_us", "sandbox_get_cpu_us"),
                ratio("sandbox_get_cpu_us", "sandbox_post_cpu_us"));
        double worst = Double.NaN;
        for (String page : List.of("first", "middle", "one_key", "account")) {
            double r = ratio("page_" + page + "_1m_cpu_us", "page_" + page + "_1k_cpu_us");
            if (Double.isNaN(worst) || Math.abs(r - 1) > Math.abs(worst - 1)) {
                worst = r;
            }
        }
        within("list page, 1M vs 1k items, thread CPU (the farthest from 1 of four pages)", worst, 0.1);
        atMost("heap with 1M inbound ACH transfers", num("heap_used_after_gc_mib"), 1024, " MiB");
        // the webhook part's rows (bench/parts/40-webhooks.sh); "–" when that part did not run
        // WebhookBench fails rather than print when one event of the burst is not delivered
        report("webhooks: events of a burst, every one delivered to a loopback receiver", num("webhook_burst_events"), "");
        atMost("webhooks: first attempt after the change, p99 (10,000-event burst)",
                num("webhook_first_attempt_p99_ms"), 100, " ms");
        within("webhooks: POST /v0/cards median beside a receiver that never answers vs none",
                num("post_card_dead_receiver_ratio"), 0.1);
        out.add("");
    }

    /** The breakdown part's tables, when it ran, and the start profile's split of a start's CPU. */
    private void breakdown() throws IOException {
        out.add("");
        if (results.containsKey("start_profile_samples")) {
            out.add("Where a `java -jar` start's CPU goes up to its first 200 (async-profiler, " + f0("start_profile_samples")
                    + " samples of 1 ms, all threads): JIT compiler threads " + f1("start_profile_thread_jit_pct")
                    + "%, main thread " + f1("start_profile_thread_main_pct") + "%, Jetty's start and warm-up "
                    + f1("start_profile_thread_http_start_pct") + "%, the contract's parse " + f1("start_profile_thread_contract_pct")
                    + "%, GC " + f1("start_profile_thread_gc_pct") + "%. By kind of work: C2 " + f1("start_profile_kind_jit_c2_pct")
                    + "%, C1 " + f1("start_profile_kind_jit_c1_pct") + "%, class loading (parse, verify, link, unzip) "
                    + f1("start_profile_kind_class_loading_pct") + "%, lambda bootstrap " + f1("start_profile_kind_lambda_bootstrap_pct")
                    + "%, GC " + f1("start_profile_kind_gc_pct") + "%, the code itself " + f1("start_profile_kind_code_pct") + "%.");
            out.add("");
        }
        for (String[] table : new String[][] {{"breakdown.md", "this build"}, {"baseline-breakdown.md", "the baseline jar"}}) {
            Path file = dir == null ? null : dir.resolve(table[0]);
            if (file != null && Files.exists(file)) {
                out.add("Where a cold start's time goes (" + table[1] + "): each step run on its own in a fresh JVM, "
                        + "classes loaded by library (CDS: from the JDK's shared archive).");
                out.add("");
                out.addAll(Files.readAllLines(file));
                out.add("");
            }
        }
    }

}
