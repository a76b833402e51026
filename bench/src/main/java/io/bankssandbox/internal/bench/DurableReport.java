package io.bankssandbox.internal.bench;

import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The rows of the state file, the keyed lookups, the state round trip and sandboxes on demand
 * (bench/parts/50-durable.sh and 70-ondemand.sh), figures and targets, for {@link Report}.
 */
final class DurableReport extends ResultsReport {
    DurableReport(Properties results, List<String> out) {
        super(results, out);
    }

    /** bench/parts/50-durable.sh's rows: --state-file POST latency at 1k and 100k objects, GET by id at 1k and 1M mail items. */
    void rows() {
        out.add("");
        out.add("| state file and keyed lookups | 1k | 100k objects / 1M mail items |");
        out.add("|---|---:|---:|");
        out.add("| POST /v0/cards median ms, one client: in memory / --state-file | " + f2("memory_post_p50_ms_1k") + " / "
                + f2("state_file_post_p50_ms_1k") + " | " + f2("memory_post_p50_ms_100k") + " / "
                + f2("state_file_post_p50_ms_100k") + " |");
        out.add("| POST /v0/cards median ms, 8 concurrent clients: in memory / --state-file | "
                + f2("memory_post_concurrent_p50_ms_1k") + " / " + f2("state_file_post_concurrent_p50_ms_1k") + " | "
                + f2("memory_post_concurrent_p50_ms_100k") + " / " + f2("state_file_post_concurrent_p50_ms_100k") + " |");
        out.add("| the disk alone: a 1.5 KB append and its fdatasync, median ms | " + f2("state_file_fsync_p50_ms") + " | |");
        out.add("| state file snapshot, MiB | " + f2("state_file_snapshot_mib_1k") + " | " + f1("state_file_snapshot_mib_100k") + " |");
        out.add("| GET /v0/check-deposits/{id}, µs wall (thread CPU) | " + f1("lookup_check_deposit_1k_us") + " ("
                + f1("lookup_check_deposit_1k_cpu_us") + ") | " + f1("lookup_check_deposit_1m_us") + " ("
                + f1("lookup_check_deposit_1m_cpu_us") + ") |");
        out.add("| GET /v0/files/{id} (finding the scan, drawing the PDF), µs wall (thread CPU) | "
                + f0("lookup_file_1k_us") + " (" + f0("lookup_file_1k_cpu_us") + ") | " + f0("lookup_file_1m_us") + " ("
                + f0("lookup_file_1m_cpu_us") + ") |");
        out.add("| GET /v0/files/{id}, finding the scan alone (context), µs wall (thread CPU) | "
                + f2("lookup_file_scan_1k_us") + " (" + f2("lookup_file_scan_1k_cpu_us") + ") | "
                + f2("lookup_file_scan_1m_us") + " (" + f2("lookup_file_scan_1m_cpu_us") + ") |");
        out.add("");
        out.add("| state round trip (export, reset, import, export) | document MiB | same bytes | export s wall (CPU) "
                + "| import s wall (CPU) | live heap at the import's peak / the state generated / the state imported, MiB |");
        out.add("|---|---:|:-:|---:|---:|---:|");
        for (String size : List.of("100k", "1m")) {
            out.add("| " + size.toUpperCase(Locale.ROOT) + " inbound ACH transfers | " + f0("round_trip_document_mib_" + size)
                    + " | " + (num("round_trip_identical_" + size) == 1 ? "yes" : "**no**") + " | "
                    + f1("round_trip_export_s_" + size) + " (" + f1("round_trip_export_cpu_s_" + size) + ") | "
                    + f1("round_trip_import_s_" + size) + " (" + f1("round_trip_import_cpu_s_" + size) + ") | "
                    + f0("import_peak_live_heap_mib_" + size) + " / " + f0("round_trip_state_heap_mib_" + size) + " / "
                    + f0("import_state_heap_mib_" + size) + " |");
        }
        out.add("");
        out.add("| target | measured | goal | met |");
        out.add("|---|---:|---:|:-:|");
        atMost("state import at 100k transfers: live heap at its peak vs the state's", num("import_peak_vs_state_100k"), 2.0, "x");
        atMost("state import at 1M transfers: live heap at its peak vs the state's", num("import_peak_vs_state_1m"), 2.0, "x");
        atMost("--state-file POST vs in memory, one client, 1k objects",
                ratio("state_file_post_p50_ms_1k", "memory_post_p50_ms_1k"), 2.0, "x");
        atMost("--state-file POST vs in memory, one client, 100k objects",
                ratio("state_file_post_p50_ms_100k", "memory_post_p50_ms_100k"), 2.0, "x");
        atMost("--state-file POST vs in memory, 8 clients, 100k objects (context)",
                ratio("state_file_post_concurrent_p50_ms_100k", "memory_post_concurrent_p50_ms_100k"), 2.0, "x");
        within("--state-file POST, 100k vs 1k objects", ratio("state_file_post_p50_ms_100k", "state_file_post_p50_ms_1k"), 0.2);
        within("GET check deposit by id, 1M vs 1k mail items, thread CPU",
                ratio("lookup_check_deposit_1m_cpu_us", "lookup_check_deposit_1k_cpu_us"), 0.1);
        within("GET file by id, 1M vs 1k mail items, thread CPU",
                ratio("lookup_file_1m_cpu_us", "lookup_file_1k_cpu_us"), 0.1);
        atMost("a sandbox on demand: POST /_sandbox/sandboxes + its first answered request over HTTP (median)",
                num("ondemand_create_first_ms"), 20, " ms");
        report("a `java -jar` started per worker, to its first 200, vs that (context)",
                ratio("ondemand_worker_jar_start_ms", "ondemand_create_first_ms"));
        atMost("heap per sandbox on demand at its fixture state (32 open in -Xmx768m)",
                num("ondemand_heap_per_sandbox_mib"), 16, " MiB");
        atMost("1,000 sandboxes on demand created and closed in a row: heap after vs before",
                ratio("ondemand_row_heap_after_mib", "ondemand_row_heap_before_mib"), 1.05, "x");
        atMost("the same: threads after minus before", num("ondemand_row_threads_after") - num("ondemand_row_threads_before"),
                0, "");
    }
}
