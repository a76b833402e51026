package io.bankssandbox.internal.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
 * {@code docs/reference.md} is the route reference users read: its table has one row per operation
 * of the OpenAPI document the sandbox serves, no row for anything else, and each row's errors are
 * the error statuses the document declares for it. A route added without its row fails here with
 * the row to add.
 */
class ReferenceDocTest {
    static final Path REFERENCE = Path.of("..", "docs", "reference.md");
    private static final Set<String> METHODS = Set.of("GET", "POST", "PUT", "PATCH", "DELETE");
    private static final Pattern ROW = Pattern.compile("^\\|\\s*([A-Z]+)\\s*\\|\\s*`([^`]+)`\\s*\\|(.*)\\|(.*)\\|\\s*$");
    private static final Pattern STATUS = Pattern.compile("\\b([1-5]\\d\\d)\\b");

    /** Operation ("GET /v0/cards/{card_id}") to its error statuses, in the document's order. */
    private static Map<String, Set<Integer>> documented;
    /** Operation to the error statuses its row names. */
    private static Map<String, Set<Integer>> rows;
    private static List<String> duplicates;

    @BeforeAll
    static void read() throws Exception {
        try (Sandbox sandbox = Sandbox.start()) {
            HttpResponse<byte[]> served = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(sandbox.baseUrl() + "/_sandbox/openapi.json")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            documented = operations(Json.MAPPER.readTree(served.body()));
        }
        rows = new LinkedHashMap<>();
        duplicates = new ArrayList<>();
        for (String line : Files.readAllLines(REFERENCE)) {
            Matcher row = ROW.matcher(line);
            if (row.matches() && METHODS.contains(row.group(1))) {
                String operation = row.group(1) + " " + row.group(2);
                if (rows.put(operation, statuses(row.group(4))) != null) {
                    duplicates.add(operation);
                }
            }
        }
    }

    @Test
    void everyServedOperationHasARow() {
        List<String> missing = new ArrayList<>();
        documented.forEach((operation, errors) -> {
            if (!rows.containsKey(operation)) {
                String[] parts = operation.split(" ", 2);
                missing.add("| " + parts[0] + " | `" + parts[1] + "` | <status and what it answers> | "
                        + String.join(" · ", errors.stream().map(String::valueOf).toList()) + " |");
            }
        });
        assertThat(missing)
                .as("operations of the served OpenAPI document without a row in the Routes table of %s; add these"
                        + " rows (the errors column names each error status the document declares, with what it means)",
                        REFERENCE)
                .isEmpty();
    }

    @Test
    void everyRowNamesAServedOperation() {
        List<String> unknown = rows.keySet().stream().filter(operation -> !documented.containsKey(operation)).toList();
        assertThat(unknown)
                .as("rows of %s naming an operation the served OpenAPI document does not have (method and path"
                        + " as the document writes them, e.g. GET `/v0/cards/{card_id}`); fix or remove them", REFERENCE)
                .isEmpty();
        assertThat(duplicates).as("operations with more than one row in %s", REFERENCE).isEmpty();
    }

    @Test
    void everyRowNamesExactlyTheErrorStatusesTheDocumentDeclares() {
        List<String> wrong = new ArrayList<>();
        rows.forEach((operation, named) -> {
            Set<Integer> declared = documented.get(operation);
            if (declared != null && !declared.equals(named)) {
                wrong.add(operation + ": the row names " + named + ", the document declares " + declared);
            }
        });
        assertThat(wrong).as("rows of %s whose errors column differs from the document", REFERENCE).isEmpty();
    }

    @Test
    void theWindowRulesAreStated() throws IOException {
        String page = Files.readString(REFERENCE);
        assertThat(page)
                .contains("`per_day` is a UTC calendar day")
                .contains("`per_week` starts Monday 00:00 UTC")
                .contains("`per_month` starts on the 1st at 00:00 UTC");
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

    private static Set<Integer> statuses(String cell) {
        Set<Integer> statuses = new TreeSet<>();
        Matcher status = STATUS.matcher(cell);
        while (status.find()) {
            statuses.add(Integer.parseInt(status.group(1)));
        }
        return statuses;
    }
}
