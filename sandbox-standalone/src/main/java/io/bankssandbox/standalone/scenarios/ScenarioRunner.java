package io.bankssandbox.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.clock.ClockMode;
import io.bankssandbox.state.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs one scenario on a fresh sandbox (its fixture set, a frozen clock at the fixture start)
 * over real HTTP, the way a client would call it, and prints a line per step: PASS, or FAIL with
 * each difference at its JSON path.
 */
public final class ScenarioRunner {
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final PrintWriter out;

    public ScenarioRunner(PrintWriter out) {
        this.out = out;
    }

    /** Runs every step (a failed step does not stop the rest); true when all passed. */
    public boolean run(Scenario scenario) {
        out.println("Scenario: " + scenario.name() + "  (" + scenario.source() + ")");
        SandboxConfig.Builder config = SandboxConfig.builder().fixtures(fixtures(scenario)).clockMode(ClockMode.FROZEN)
                .start(scenario.start());
        if (scenario.seed() != null) {
            config.seed(scenario.seed());
        }
        int failed = 0;
        try (Sandbox sandbox = Sandbox.start(config.build())) {
            Map<String, JsonNode> saved = new HashMap<>();
            saved.put("api_key", TextNode.valueOf(sandbox.apiKey()));
            List<String> keys = sandbox.apiKeys();
            for (int i = 0; i < keys.size(); i++) {
                saved.put("api_key_" + (i + 1), TextNode.valueOf(keys.get(i))); // how an export names a non-default key
            }
            List<Scenario.Step> steps = scenario.steps();
            for (int i = 0; i < steps.size(); i++) {
                if (!runStep(sandbox, scenario, i + 1, steps.get(i), saved)) {
                    failed++;
                }
            }
        } catch (RuntimeException e) {
            out.println("  FAIL  the sandbox could not start: " + e.getMessage());
            out.flush();
            return false;
        }
        out.println(failed == 0 ? "  PASSED (" + scenario.steps().size() + " steps)"
                : "  FAILED (" + failed + " of " + scenario.steps().size() + " steps)");
        out.flush();
        return failed == 0;
    }

    private static String fixtures(Scenario scenario) {
        String fixtures = scenario.fixtures();
        Path file = Path.of(scenario.source());
        if (!fixtures.matches("[A-Za-z0-9_-]+") && file.getParent() != null) {
            Path relative = file.getParent().resolve(fixtures);
            if (Files.isDirectory(relative)) {
                return relative.toString();
            }
        }
        return fixtures;
    }

    private boolean runStep(Sandbox sandbox, Scenario scenario, int number, Scenario.Step step, Map<String, JsonNode> saved) {
        List<String> problems = new ArrayList<>();
        String label;
        Exchange exchange = null;
        try {
            String path = substitute(step.path(), saved);
            label = step.name() != null ? substitute(step.name(), saved) : step.method() + " " + path;
            JsonNode body = step.body() == null ? null : substitute(step.body(), saved);
            Map<String, String> headers = headers(sandbox, scenario, number, step, path, body, saved);
            exchange = send(sandbox.baseUrl() + path, step.method(), headers, body);
            check(step.expect(), exchange, saved, problems);
            for (Map.Entry<String, String> save : step.save().entrySet()) {
                JsonNode value = JsonPointerPath.select(exchange.body(), save.getValue());
                if (value.isMissingNode()) {
                    problems.add("save " + save.getKey() + ": " + save.getValue() + " is not in the answer");
                } else {
                    saved.put(save.getKey(), value);
                }
            }
        } catch (UndefinedVariable | IllegalArgumentException e) {
            label = step.name() != null ? step.name() : step.method() + " " + step.path();
            problems.add(e.getMessage());
        }
        String answered = exchange == null ? "" : "  -> " + exchange.status();
        if (problems.isEmpty()) {
            out.println("  PASS  " + number + ". " + label + answered);
            return true;
        }
        out.println("  FAIL  " + number + ". " + label + answered);
        for (String problem : problems) {
            out.println("          " + problem);
        }
        if (exchange != null) {
            out.println("          answer: " + JsonMatch.show(exchange.body()));
        }
        return false;
    }

    private Map<String, String> headers(Sandbox sandbox, Scenario scenario, int number, Scenario.Step step, String path,
                                        JsonNode body, Map<String, JsonNode> saved) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (!step.control()) {
            headers.put("Authorization", "Bearer " + sandbox.apiKey());
            if ("POST".equals(step.method()) && path.startsWith("/v0")) {
                // POSTs need a key; a stable one per step keeps a scenario's runs alike
                headers.put("Idempotency-Key", "scenario-" + Integer.toHexString(scenario.name().hashCode()) + "-step-" + number);
            }
        }
        if (body != null) {
            headers.put("Content-Type", "application/json");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = step.headers().fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> header = it.next();
            headers.keySet().removeIf(name -> name.equalsIgnoreCase(header.getKey()));
            if (!header.getValue().isNull()) {
                headers.put(header.getKey(), substitute(header.getValue().asText(), saved));
            }
        }
        return headers;
    }

    private static void check(Scenario.Expect expect, Exchange exchange, Map<String, JsonNode> saved, List<String> problems) {
        if (expect.status() == null) {
            if (exchange.status() < 200 || exchange.status() > 299) {
                problems.add("status: expected 2xx, was " + exchange.status());
            }
        } else if (expect.status() != exchange.status()) {
            problems.add("status: expected " + expect.status() + ", was " + exchange.status());
        }
        if (expect.body() != null) {
            problems.addAll(JsonMatch.differences(substitute(expect.body(), saved), exchange.body()));
        }
        if (expect.headers() != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = expect.headers().fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> header = it.next();
                String actual = exchange.header(header.getKey());
                if (header.getValue().isNull()) {
                    if (actual != null) {
                        problems.add("header " + header.getKey() + ": expected absent, was \"" + actual + "\"");
                    }
                    continue;
                }
                String wanted = substitute(header.getValue().asText(), saved);
                if (!wanted.equals(actual)) {
                    problems.add("header " + header.getKey() + ": expected \"" + wanted + "\", was "
                            + (actual == null ? "absent" : "\"" + actual + "\""));
                }
            }
        }
    }

    private record Exchange(int status, JsonNode body, Map<String, List<String>> headers) {
        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream()).findFirst().orElse(null);
        }
    }

    private static Exchange send(String url, String method, Map<String, String> headers, JsonNode body) {
        HttpRequest.Builder request;
        try {
            request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a valid request path: " + url);
        }
        headers.forEach(request::header);
        HttpRequest.BodyPublisher publisher;
        try {
            // a string body is sent as it is, so a scenario can send malformed JSON on purpose
            publisher = body == null ? HttpRequest.BodyPublishers.noBody()
                    : body.isTextual() ? HttpRequest.BodyPublishers.ofString(body.asText())
                    : HttpRequest.BodyPublishers.ofByteArray(Json.MAPPER.writeValueAsBytes(body));
            HttpResponse<byte[]> response = HTTP.send(request.method(method, publisher).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            String contentType = response.headers().firstValue("Content-Type").orElse("");
            JsonNode parsed;
            if (contentType.startsWith("application/json")) {
                parsed = response.body().length == 0 ? JsonNodeFactory.instance.nullNode() : Json.MAPPER.readTree(response.body());
            } else {
                parsed = TextNode.valueOf(contentType.startsWith("text/")
                        ? new String(response.body(), StandardCharsets.UTF_8) : "<" + contentType + ">");
            }
            return new Exchange(response.statusCode(), parsed, response.headers().map());
        } catch (IOException e) {
            throw new IllegalArgumentException(method + " " + url + " failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted");
        }
    }

    static String substitute(String text, Map<String, JsonNode> saved) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            JsonNode value = saved.get(m.group(1));
            if (value == null) {
                throw new UndefinedVariable(m.group(1));
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value.isTextual() ? value.asText() : value.toString()));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Replaces {@code ${name}} in every string; a string that is only {@code ${name}} takes the saved value's type. */
    static JsonNode substitute(JsonNode node, Map<String, JsonNode> saved) {
        if (node.isTextual()) {
            Matcher whole = VARIABLE.matcher(node.asText());
            if (whole.matches()) {
                JsonNode value = saved.get(whole.group(1));
                if (value == null) {
                    throw new UndefinedVariable(whole.group(1));
                }
                return value;
            }
            return TextNode.valueOf(substitute(node.asText(), saved));
        }
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            node.fields().forEachRemaining(f -> copy.set(f.getKey(), substitute(f.getValue(), saved)));
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(item -> copy.add(substitute(item, saved)));
            return copy;
        }
        return node;
    }

    private static final class UndefinedVariable extends RuntimeException {
        UndefinedVariable(String name) {
            super("${" + name + "} is not defined: no earlier step saved it");
        }
    }
}
