package io.bankssandbox.internal.standalone.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.ClockMode;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one scenario on a fresh sandbox (its fixture set, a frozen clock at the fixture start)
 * over real HTTP, the way a client would call it, and prints a line per step as it goes: PASS, or
 * FAIL with each difference at its JSON path. A failed step does not stop the rest.
 */
public final class ScenarioRunner {
    private final PrintWriter out;
    private final Long seed;

    /** {@code seed}: the seed to run every scenario with instead of its own (null: the scenario's). */
    public ScenarioRunner(PrintWriter out, Long seed) {
        this.out = out;
        this.seed = seed;
    }

    public ScenarioResult run(Scenario scenario) {
        long started = System.nanoTime();
        out.println("Scenario: " + scenario.name() + "  (" + scenario.source() + ")");
        SandboxConfig.Builder config = SandboxConfig.builder().fixtures(fixtures(scenario)).clockMode(ClockMode.FROZEN)
                .start(scenario.start());
        Long chosen = seed != null ? seed : scenario.seed();
        if (chosen != null) {
            config.seed(chosen);
        }
        List<ScenarioResult.StepResult> results = new ArrayList<>();
        try (Sandbox sandbox = Sandbox.start(config.build())) {
            Variables variables = new Variables();
            variables.put("api_key", TextNode.valueOf(sandbox.apiKey()));
            List<String> keys = sandbox.apiKeys().stream().map(SandboxConfig.ApiKey::key).toList();
            for (int i = 0; i < keys.size(); i++) {
                variables.put("api_key_" + (i + 1), TextNode.valueOf(keys.get(i))); // how an export names a non-default key
            }
            WebhookInbox inbox = new WebhookInbox(sandbox.baseUrl());
            for (int i = 0; i < scenario.steps().size(); i++) {
                ScenarioResult.StepResult result = runStep(sandbox, inbox, scenario, i + 1, scenario.steps().get(i), variables);
                print(result);
                results.add(result);
            }
        } catch (RuntimeException e) {
            String problem = "the sandbox could not start: " + e.getMessage();
            out.println("  FAIL  " + problem);
            out.flush();
            return ScenarioResult.unrunnable(scenario.name(), scenario.source(), List.of(problem));
        }
        ScenarioResult result = new ScenarioResult(scenario.name(), scenario.source(), List.copyOf(results), List.of(),
                Duration.ofNanos(System.nanoTime() - started));
        out.println(result.passed() ? "  PASSED (" + results.size() + " steps)"
                : "  FAILED (" + result.failedSteps() + " of " + results.size() + " steps)");
        out.flush();
        return result;
    }

    private void print(ScenarioResult.StepResult result) {
        String answered = result.status() == null ? "" : "  -> " + result.status();
        out.println((result.passed() ? "  PASS  " : "  FAIL  ") + result.number() + ". " + result.label() + answered);
        if (!result.passed()) {
            for (String problem : result.problems()) {
                out.println("          " + problem);
            }
            if (result.answer() != null) {
                out.println("          answer: " + result.answer());
            }
        }
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

    private ScenarioResult.StepResult runStep(Sandbox sandbox, WebhookInbox inbox, Scenario scenario, int number,
                                              Scenario.Step step, Variables variables) {
        long started = System.nanoTime();
        List<String> problems = new ArrayList<>();
        String label = step.name() != null ? step.name() : step.method() + " " + step.path();
        Exchange exchange = null;
        try {
            label = step.name() != null ? variables.substitute(step.name()) : step.method() + " " + variables.substitute(step.path());
            if (step.kind() == Scenario.Kind.WEBHOOK) {
                JsonNode expected = step.expect().body() == null ? null : variables.substitute(step.expect().body());
                problems.addAll(inbox.await(step.event(), expected, step.within()));
            } else {
                String path = variables.substitute(step.path());
                JsonNode body = step.body() == null ? null : variables.substitute(step.body());
                exchange = Exchange.send(sandbox.baseUrl() + path, step.method(),
                        headers(sandbox, scenario, number, step, path, body, variables), body);
                // saved first, so that the step's own expectations may use what it saves
                for (Map.Entry<String, String> save : step.save().entrySet()) {
                    JsonNode value = JsonPointerPath.select(exchange.body(), save.getValue());
                    if (value.isMissingNode()) {
                        problems.add("save " + save.getKey() + ": " + save.getValue() + " is not in the answer");
                    } else {
                        variables.put(save.getKey(), value);
                    }
                }
                check(step, exchange, variables, problems);
            }
        } catch (Variables.Undefined | IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        return new ScenarioResult.StepResult(number, label, exchange == null ? null : exchange.status(), List.copyOf(problems),
                exchange == null ? null : JsonMatch.show(exchange.body()), Duration.ofNanos(System.nanoTime() - started));
    }

    private static Map<String, String> headers(Sandbox sandbox, Scenario scenario, int number, Scenario.Step step, String path,
                                               JsonNode body, Variables variables) {
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
                headers.put(header.getKey(), variables.substitute(header.getValue().asText()));
            }
        }
        return headers;
    }

    private static void check(Scenario.Step step, Exchange exchange, Variables variables, List<String> problems) {
        Scenario.Expect expect = step.expect();
        if (expect.noAnswer() || exchange.status() == Exchange.NO_ANSWER) {
            if (expect.noAnswer() != (exchange.status() == Exchange.NO_ANSWER)) {
                problems.add(expect.noAnswer() ? "expected no answer (a closed connection), was status " + exchange.status()
                        : "no answer: the connection closed before a status");
            }
            return;
        }
        if (expect.status() == null) {
            if (exchange.status() < 200 || exchange.status() > 299) {
                problems.add("status: expected 2xx, was " + exchange.status());
            }
        } else if (expect.status() != exchange.status()) {
            problems.add("status: expected " + expect.status() + ", was " + exchange.status());
        }
        if (expect.body() != null) {
            problems.addAll(JsonMatch.differences(variables.substitute(expect.body()), exchange.body()));
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
                String wanted = variables.substitute(header.getValue().asText());
                if (!wanted.equals(actual)) {
                    problems.add("header " + header.getKey() + ": expected \"" + wanted + "\", was "
                            + (actual == null ? "absent" : "\"" + actual + "\""));
                }
            }
        }
    }
}
