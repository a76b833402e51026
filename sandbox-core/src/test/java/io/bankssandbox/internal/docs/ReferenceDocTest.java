package io.bankssandbox.internal.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/reference.md} is the route reference users read: one entry per operation of the
 * OpenAPI document the sandbox serves (a heading {@code #### `METHOD /path`}, what it answers, and
 * {@code Errors:} naming exactly the error statuses the document declares), no entry for anything
 * else, and under each the answer the document's example shows ({@link ShownAnswers}), which the
 * build replays against the sandbox. A route added without its entry fails here with the entry to
 * add; {@code -Dexamples.update=true} rewrites the shown answers.
 */
class ReferenceDocTest {
    static final Path REFERENCE = Path.of("..", "docs", "reference.md");
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");
    private static final Pattern HEADING = Pattern.compile("^#### `([A-Z]+) (/[^`]*)`\\s*$");
    private static final Pattern STATUS = Pattern.compile("\\b([1-5]\\d\\d)\\b");

    /** The served document, examples and all. */
    private static JsonNode served;
    /** Operation ("GET /v0/cards/{card_id}") to its error statuses, in the document's order. */
    private static Map<String, Set<Integer>> documented;
    private static List<String> page;
    /** Operation to its entry on the page. */
    private static Map<String, Entry> entries;
    private static List<String> duplicates;

    /** An entry: its heading's line, the first line after it that is not its own, its errors and its shown answer. */
    private record Entry(int heading, int end, Set<Integer> errors, String shown) {}

    @BeforeAll
    static void read() throws Exception {
        served = ShownAnswers.servedDocument();
        documented = operations(served);
        readPage(Files.readAllLines(REFERENCE, StandardCharsets.UTF_8));
    }

    private static void readPage(List<String> lines) {
        page = lines;
        entries = new LinkedHashMap<>();
        duplicates = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher heading = HEADING.matcher(lines.get(i));
            if (!heading.matches() || !METHODS.contains(heading.group(1))) {
                continue;
            }
            int end = i + 1;
            boolean fenced = false; // a shown answer's lines may start with # (CSS, YAML comments)
            while (end < lines.size() && (fenced || !lines.get(end).startsWith("#"))) {
                fenced ^= lines.get(end).startsWith("```");
                end++;
            }
            Set<Integer> errors = null;
            String shown = null;
            for (int j = i + 1; j < end; j++) {
                if (lines.get(j).startsWith("Errors:")) {
                    errors = statuses(lines.get(j));
                } else if (lines.get(j).startsWith(ShownAnswers.START)) {
                    int close = j;
                    while (close < end && !lines.get(close).equals(ShownAnswers.END)) {
                        close++;
                    }
                    shown = String.join("\n", lines.subList(j, Math.min(close + 1, end)));
                }
            }
            String operation = heading.group(1) + " " + heading.group(2);
            if (entries.put(operation, new Entry(i, end, errors, shown)) != null) {
                duplicates.add(operation);
            }
        }
    }

    @Test
    void everyServedOperationHasAnEntry() {
        List<String> missing = new ArrayList<>();
        documented.forEach((operation, errors) -> {
            if (!entries.containsKey(operation)) {
                missing.add("#### `" + operation + "`\n\n<status and what it answers>.\nErrors: "
                        + String.join(" · ", errors.stream().map(String::valueOf).toList()) + ".\n\n"
                        + ShownAnswers.block(served, operation) + "\n");
            }
        });
        assertThat(missing)
                .as("operations of the served OpenAPI document without an entry in the Routes of %s; add these"
                        + " (Errors names each error status the document declares, with what it means; the example"
                        + " is the document's, which -Dexamples.update=true writes)", REFERENCE)
                .isEmpty();
    }

    @Test
    void everyEntryNamesAServedOperation() {
        List<String> unknown = entries.keySet().stream().filter(operation -> !documented.containsKey(operation)).toList();
        assertThat(unknown)
                .as("entries of %s naming an operation the served OpenAPI document does not have (method and path"
                        + " as the document writes them, e.g. #### `GET /v0/cards/{card_id}`); fix or remove them", REFERENCE)
                .isEmpty();
        assertThat(duplicates).as("operations with more than one entry in %s", REFERENCE).isEmpty();
    }

    @Test
    void everyEntryNamesExactlyTheErrorStatusesTheDocumentDeclares() {
        List<String> wrong = new ArrayList<>();
        entries.forEach((operation, entry) -> {
            Set<Integer> declared = documented.get(operation);
            if (entry.errors() == null) {
                wrong.add(operation + ": no line starting with Errors:");
            } else if (declared != null && !declared.equals(entry.errors())) {
                wrong.add(operation + ": the entry names " + entry.errors() + ", the document declares " + declared);
            }
        });
        assertThat(wrong).as("entries of %s whose errors differ from the document", REFERENCE).isEmpty();
    }

    /** Each entry shows its operation's first 2xx example as the served document has it; the update rewrites them. */
    @Test
    void everyEntryShowsTheAnswerOfItsExample() throws IOException {
        if (Boolean.getBoolean("examples.update")) {
            Files.writeString(REFERENCE, String.join("\n", withShownAnswers()) + "\n", StandardCharsets.UTF_8);
            readPage(Files.readAllLines(REFERENCE, StandardCharsets.UTF_8));
        }
        List<String> drifted = new ArrayList<>();
        entries.forEach((operation, entry) -> {
            String expected = documented.containsKey(operation) ? ShownAnswers.block(served, operation) : null;
            if (expected != null && !expected.equals(entry.shown())) {
                drifted.add(operation + (entry.shown() == null ? ": shows no answer" : ": shows another answer than"
                        + " the document's example") + "; it should show\n" + expected);
            }
        });
        assertThat(drifted)
                .as("entries of %s whose shown answer is not the OpenAPI document's example"
                        + " (-Dexamples.update=true rewrites them)", REFERENCE)
                .isEmpty();
    }

    @Test
    void theWindowRulesAreStated() throws IOException {
        String text = Files.readString(REFERENCE);
        assertThat(text)
                .contains("`per_day` is a UTC calendar day")
                .contains("`per_week` starts Monday 00:00 UTC")
                .contains("`per_month` starts on the 1st at 00:00 UTC");
    }

    /** The page with each entry's shown answer replaced by (or, missing, added as) the document's. */
    private static List<String> withShownAnswers() {
        List<String> out = new ArrayList<>();
        int next = 0;
        for (Map.Entry<String, Entry> item : entries.entrySet()) {
            Entry entry = item.getValue();
            out.addAll(page.subList(next, entry.heading()));
            List<String> own = new ArrayList<>(page.subList(entry.heading(), entry.end()));
            int start = indexOfPrefix(own, ShownAnswers.START);
            if (start >= 0) {
                int close = start;
                while (close < own.size() - 1 && !own.get(close).equals(ShownAnswers.END)) {
                    close++;
                }
                own.subList(start, close + 1).clear();
            }
            while (!own.isEmpty() && own.get(own.size() - 1).isBlank()) {
                own.remove(own.size() - 1);
            }
            String block = documented.containsKey(item.getKey()) ? ShownAnswers.block(served, item.getKey()) : null;
            if (block != null) {
                own.add("");
                own.addAll(List.of(block.split("\n", -1)));
            }
            own.add("");
            out.addAll(own);
            next = entry.end();
        }
        out.addAll(page.subList(next, page.size()));
        return out;
    }

    private static int indexOfPrefix(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    private static Map<String, Set<Integer>> operations(JsonNode document) {
        Map<String, Set<Integer>> operations = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                String method = op.getKey().toUpperCase();
                if (!METHODS.contains(method)) {
                    continue;
                }
                Set<Integer> errors = new TreeSet<>();
                op.getValue().path("responses").fieldNames().forEachRemaining(code -> {
                    if (code.matches("[45]\\d\\d")) {
                        errors.add(Integer.parseInt(code));
                    }
                });
                operations.put(method + " " + path.getKey(), errors);
            }
        }
        return operations;
    }

    private static Set<Integer> statuses(String line) {
        Set<Integer> statuses = new TreeSet<>();
        Matcher status = STATUS.matcher(line);
        while (status.find()) {
            statuses.add(Integer.parseInt(status.group(1)));
        }
        return statuses;
    }
}
