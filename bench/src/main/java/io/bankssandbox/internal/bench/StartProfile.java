package io.bankssandbox.internal.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a `java -jar` start's CPU goes, from async-profiler's CPU samples of one start (collapsed
 * stacks, one thread per first frame): by thread, and by kind of work. Prints {@code start_profile_*}
 * results (per cent of all samples) and a Markdown table. {@code StartProfile FILE.collapsed}.
 *
 * <p>The kinds are matched on the native frames HotSpot leaves in each stack, first match wins, so
 * the JIT compilers' work is told from class loading, and both from the application's own code.
 */
public final class StartProfile {
    /** Kind of work: the name printed, and the frames (substrings) that mark it, first match wins. */
    private static final List<Map.Entry<String, List<String>>> KINDS = List.of(
            Map.entry("jit_c2", List.of("C2Compiler")),
            Map.entry("jit_c1", List.of("Compiler::compile", "C1 Compiler", "CompileBroker")),
            Map.entry("gc", List.of("G1", "GCTaskThread")),
            Map.entry("class_loading", List.of("ClassFileParser", "SystemDictionary", "Verifier", "link_class",
                    "Inflater", "ZipFile", "defineClass")),
            Map.entry("lambda_bootstrap", List.of("LambdaMetafactory", "MethodHandleNatives.linkCallSite")));

    private StartProfile() {}

    public static void main(String[] args) throws IOException {
        Map<String, Long> threads = new LinkedHashMap<>();
        Map<String, Long> kinds = new LinkedHashMap<>();
        for (String group : List.of("jit", "main", "http_start", "contract", "http_workers", "gc", "other")) {
            threads.put(group, 0L);
        }
        for (Map.Entry<String, List<String>> kind : KINDS) {
            kinds.put(kind.getKey(), 0L);
        }
        kinds.put("code", 0L);
        long total = 0;
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            String stack = line.substring(0, space);
            long samples = Long.parseLong(line.substring(space + 1).trim());
            total += samples;
            threads.merge(thread(stack.substring(0, Math.max(0, stack.indexOf(';')))), samples, Long::sum);
            kinds.merge(kind(stack), samples, Long::sum);
        }
        StringBuilder table = new StringBuilder("| by thread | % of CPU | by kind of work | % of CPU |\n|---|---:|---|---:|\n");
        List<String> threadNames = List.copyOf(threads.keySet());
        List<String> kindNames = List.copyOf(kinds.keySet());
        for (int i = 0; i < Math.max(threadNames.size(), kindNames.size()); i++) {
            String t = i < threadNames.size() ? threadNames.get(i) : null;
            String k = i < kindNames.size() ? kindNames.get(i) : null;
            table.append("| ").append(t == null ? "" : t).append(" | ")
                    .append(t == null ? "" : percent(threads.get(t), total)).append(" | ")
                    .append(k == null ? "" : k).append(" | ")
                    .append(k == null ? "" : percent(kinds.get(k), total)).append(" |\n");
        }
        System.err.print(table);
        System.out.println("start_profile_samples=" + total);
        for (Map.Entry<String, Long> thread : threads.entrySet()) {
            System.out.println("start_profile_thread_" + thread.getKey() + "_pct=" + percent(thread.getValue(), total));
        }
        for (Map.Entry<String, Long> kind : kinds.entrySet()) {
            System.out.println("start_profile_kind_" + kind.getKey() + "_pct=" + percent(kind.getValue(), total));
        }
    }

    private static String thread(String frame) {
        String name = frame.toLowerCase(Locale.ROOT);
        if (name.contains("compilerthre")) {
            return "jit";
        }
        if (name.startsWith("[main ")) {
            return "main";
        }
        if (name.contains("banks-sandbox-http-start")) {
            return "http_start";
        }
        if (name.contains("banks-sandbox-contract")) {
            return "contract";
        }
        if (name.contains("banks-sandbox-http")) {
            return "http_workers";
        }
        if (name.contains("gc ") || name.contains("g1 ")) {
            return "gc";
        }
        return "other";
    }

    private static String kind(String stack) {
        for (Map.Entry<String, List<String>> kind : KINDS) {
            for (String marker : kind.getValue()) {
                if (stack.contains(marker)) {
                    return kind.getKey();
                }
            }
        }
        return "code";
    }

    private static String percent(long part, long total) {
        return String.format(Locale.ROOT, "%.1f", total == 0 ? 0 : 100.0 * part / total);
    }
}
