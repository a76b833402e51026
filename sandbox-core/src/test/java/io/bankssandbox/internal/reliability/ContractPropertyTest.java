package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxInternals;
import io.bankssandbox.internal.openapi.SchemaValidator;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.OpenApiContract;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole served document, tested as a property-based tool tests a server from it: for every
 * operation (read from {@code /_sandbox/openapi.json}, so one added later is covered), requests whose
 * query and body are generated from the operation's schemas, some meant to be valid and some to break
 * one rule, with a fixed seed. Whether a request is valid is the document's validator's to say, never
 * the generator's. Every answer: no 5xx, a status, content type and body the document gives. A request
 * the schemas accept is accepted (2xx) or refused for a rule the operation names in {@code x-rules}
 * (status and message pattern; the description says the same in words); one they refuse is a 400.
 * Tries per operation: {@code -Dcontract.tries} (default {@link #TRIES}).
 */
class ContractPropertyTest {
    static final long SEED = 31;
    static final int TRIES = Integer.getInteger("contract.tries", 10);
    static final int STATE_PLACES = 40;
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private static SchemaValidator validator;
    private static OpenApiContract contract;
    private static DocumentedAnswers answers;

    private static ServedSandbox served;

    @BeforeAll
    static void start() {
        served = ServedSandbox.start();
        validator = new SchemaValidator(served.catalog().document(), "https://bankssandbox.io/served-openapi.json");
        contract = OpenApiContract.forSandbox(served.sandbox().baseUrl());
        answers = new DocumentedAnswers(served.catalog(), served.sandbox().baseUrl());
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    /** One generated request and what the document says of it. */
    private record Try(RouteCatalog.Route route, String target, JsonNode body, List<String> violations) {
        boolean valid() {
            return violations.isEmpty();
        }

        @Override
        public String toString() {
            return route.method() + " " + RawHttp.abbreviate(target) + " " + (body == null ? "" : RawHttp.abbreviate(body.toString()))
                    + (valid() ? " (valid)" : " (invalid: " + violations + ")");
        }
    }

    @Test
    void everyOperationAcceptsWhatItsSchemasAllowOrRefusesForARuleItNames() {
        Random random = new Random(SEED);
        List<String> seen = new ArrayList<>();
        served.catalog().routes().forEach(route -> collectStrings(served.bodies().forRoute(route), seen));
        SchemaSamples samples = new SchemaSamples(served.catalog().document(), validator, random, served.ids(), seen);
        List<String> broken = new ArrayList<>();
        Map<String, Integer> validSent = new TreeMap<>();
        int sent = 0;
        for (RouteCatalog.Route route : served.catalog().routes()) {
            for (int i = 0; i < TRIES; i++) {
                Try request = generate(route, samples, random, i % 3 != 2, i == 0);
                ApiClient.Response answer = send(request);
                sent++;
                check(request, answer, broken);
                if (request.valid()) {
                    validSent.merge(route.toString(), 1, Integer::sum);
                }
                if (answer.status() < 300 && route.template().equals("/_sandbox/faults") && route.method().equals("POST")) {
                    // an injected fault stands for the network failing (a 5xx by design): take it back at once
                    SandboxInternals.runtime(served.sandbox()).faults().clear();
                }
            }
        }
        System.out.printf("ContractPropertyTest: %d requests over %d operations, %d meant valid by the document%n",
                sent, served.catalog().routes().size(), validSent.values().stream().mapToInt(Integer::intValue).sum());
        assertThat(broken).isEmpty();
        List<String> neverValid = served.catalog().routes().stream().map(RouteCatalog.Route::toString)
                .filter(r -> !validSent.containsKey(r)).toList();
        assertThat(neverValid).as("operations the generator never made a valid request for").isEmpty();
    }

    /**
     * {@code PUT /_sandbox/state} where a 500 once hid (a webhook delivery's body with a null event): in the
     * first row of every table, each field of every object nested in it set to {@code null} and taken out,
     * and each first element of an array too, every one judged as above by the served document. A build
     * tries {@code -Dcontract.statePlaces} places (default {@value #STATE_PLACES}, spread over every table);
     * {@code -Dcontract.statePlaces=0} tries them all.
     */
    @Test
    void aNullOrAMissingFieldAnywhereInTheStateDocumentIsAcceptedOrRefusedForARuleItNames() {
        RouteCatalog.Route route = served.catalog().routes().stream()
                .filter(r -> r.method().equals("PUT") && r.template().equals("/_sandbox/state")).findFirst().orElseThrow();
        String bodyPointer = operationPointer(route) + "/requestBody/content/application~1json/schema";
        // a webhook delivery and its endpoint in the state too: where the 500 was
        Sandbox sandbox = served.sandbox();
        sandbox.webhooks().subscribe("inbox");
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(sandbox.accounts().named("Riverside Operating").id(), 1_00).id());
        ObjectNode state = (ObjectNode) sandbox.exportState();
        List<String> places = StatePlaces.sample(state, Integer.getInteger("contract.statePlaces", STATE_PLACES),
                new Random(SEED));
        List<String> broken = new ArrayList<>();
        for (String place : places) {
            for (boolean absent : new boolean[] {false, true}) {
                JsonNode body = StatePlaces.without(state, place, absent);
                Try request = new Try(route, route.template(), body, validator.validate(bodyPointer, body));
                ApiClient.Response answer = send(request);
                int before = broken.size();
                check(request, answer, broken);
                if (broken.size() > before) {
                    broken.set(before, place + (absent ? " taken out: " : " null: ") + broken.get(before));
                }
                if (answer.status() < 300) {
                    served.sandbox().importState(state); // accepted: the next place starts from the same state
                }
            }
        }
        System.out.printf("ContractPropertyTest: %d places of the state document, each null and absent%n", places.size());
        assertThat(broken).isEmpty();
    }

    /** What x-rules lists, the operation's description says in words: users read the one, tools the other. */
    @Test
    void everyRuleAnOperationNamesIsInItsDescription() {
        List<String> unsaid = new ArrayList<>();
        for (RouteCatalog.Route route : served.catalog().routes()) {
            JsonNode operation = served.catalog().document().at(operationPointer(route).substring(1));
            for (JsonNode rule : operation.path("x-rules")) {
                if (!operation.path("description").asText().contains(rule.path("rule").asText())) {
                    unsaid.add(route + ": " + rule.path("rule").asText());
                }
                Pattern.compile(rule.path("message").asText()); // a pattern that compiles
            }
        }
        assertThat(unsaid).isEmpty();
    }

    /** {@code plain}: the route's known-good body as it is (each operation's first try), the others varied. */
    private Try generate(RouteCatalog.Route route, SchemaSamples samples, Random random, boolean meantValid,
                         boolean plain) {
        String pointer = operationPointer(route);
        List<String> violations = new ArrayList<>();
        Map<String, String> pathValues = new LinkedHashMap<>();
        for (RouteCatalog.Param param : route.pathParams()) {
            String kind = IdBook.kindForParameter(route, param.name());
            List<String> known = kind == null ? List.of() : served.ids().ids(kind);
            pathValues.put(param.name(), known.isEmpty() || random.nextInt(10) == 0
                    ? (kind == null ? "x" : kind + "_0000000000000000nope") : known.get(random.nextInt(known.size())));
        }
        StringBuilder query = new StringBuilder();
        JsonNode parameters = served.catalog().document().at(pointer.substring(1) + "/parameters");
        boolean brokeOne = false;
        for (int i = 0; i < parameters.size(); i++) {
            JsonNode parameter = RouteCatalog.resolve(served.catalog().document(), parameters.get(i));
            if (!"query".equals(parameter.path("in").asText())) {
                continue;
            }
            if (random.nextInt(parameter.path("required").asBoolean() && meantValid ? 12 : 3) == 0) {
                if (parameter.path("required").asBoolean()) {
                    violations.add(parameter.path("name").asText() + " should not be empty");
                }
                continue;
            }
            String schema = parameterSchemaPointer(pointer, parameters.get(i), i);
            boolean breakIt = !meantValid && !brokeOne && random.nextInt(2) == 0;
            JsonNode value = breakIt ? samples.invalid(schema) : samples.valid(schema);
            brokeOne |= breakIt;
            if (value.isContainerNode() || value.isNull()) {
                value = TextNode.valueOf(value.isNull() ? "" : value.toString());
            }
            String text = value.asText();
            String name = parameter.path("name").asText();
            query.append(query.length() == 0 ? "?" : "&").append(name).append('=')
                    .append(URLEncoder.encode(text, StandardCharsets.UTF_8));
            validator.validate(schema, typed(text, samples.schema(schema)), name).forEach(violations::add);
        }
        JsonNode body = null;
        if (route.hasBody()) {
            String bodyPointer = pointer + "/requestBody/content/application~1json/schema";
            ObjectNode valid = served.bodies().forRoute(route);
            body = !plain && (valid.isEmpty() || random.nextInt(4) == 0) ? samples.valid(bodyPointer) : valid.deepCopy();
            if (body instanceof ObjectNode object && !(plain && !valid.isEmpty())) {
                change(object, bodyPointer, samples, random, meantValid && random.nextBoolean(), !meantValid && !brokeOne);
            }
            violations.addAll(validator.validate(bodyPointer, body));
        }
        return new Try(route, route.path(pathValues) + query, body, violations);
    }

    /** Changes one property of {@code body}: a new valid value, or (when {@code breakIt}) a broken one, or one taken out. */
    private static void change(ObjectNode body, String pointer, SchemaSamples samples, Random random, boolean vary,
                               boolean breakIt) {
        Map<String, String> properties = samples.properties(samples.resolve(pointer));
        if (properties.isEmpty() || !(vary || breakIt)) {
            return;
        }
        List<String> names = new ArrayList<>(properties.keySet());
        String name = names.get(random.nextInt(names.size()));
        if (!breakIt) {
            body.set(name, samples.valid(properties.get(name)));
            return;
        }
        switch (random.nextInt(4)) {
            case 0 -> body.put("zz_unknown_property", 1);
            case 1 -> {
                List<String> required = new ArrayList<>(samples.required(samples.resolve(pointer)));
                if (required.isEmpty()) {
                    body.set(name, samples.invalid(properties.get(name)));
                } else {
                    body.remove(required.get(random.nextInt(required.size())));
                }
            }
            default -> body.set(name, samples.invalid(properties.get(name)));
        }
    }

    private ApiClient.Response send(Try request) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (!request.route().control()) {
            headers.put("Authorization", "Bearer " + MalformedRequests.ALL);
        }
        if (request.route().idempotent()) {
            headers.put("Idempotency-Key", "contract-" + java.util.UUID.randomUUID());
        }
        byte[] body = null;
        if (request.body() != null) {
            headers.put("Content-Type", "application/json");
            body = request.body().toString().getBytes(StandardCharsets.UTF_8);
        }
        return served.http().send(request.route().method(), request.target(), headers, body);
    }

    private void check(Try request, ApiClient.Response answer, List<String> broken) {
        String context = request + "\n  -> " + answer.status() + " " + RawHttp.abbreviate(answer.text());
        try {
            answers.check(new MalformedRequests.FuzzRequest(request.route(), request.route().method(), request.target(),
                    Map.of(), null), answer);
        } catch (AssertionError e) {
            broken.add("undocumented answer: " + e.getMessage().lines().findFirst().orElse("") + "\n  " + context);
            return;
        }
        int status = answer.status();
        if (!request.valid()) {
            if (status != 400) {
                broken.add("a request its schemas refuse is not a 400: " + context);
            }
            return;
        }
        if (status >= 200 && status < 300) {
            return;
        }
        String message = DocumentedRefusals.message(answer);
        if (!DocumentedRefusals.namedRule(served.catalog().document(), request.route(), status, message)) {
            broken.add("refused for a rule the operation does not name (x-rules): " + status + " " + message + "\n  "
                    + context);
        }
    }

    static String operationPointer(RouteCatalog.Route route) {
        return "#/paths/" + SchemaValidator.escape(route.template()) + "/" + route.method().toLowerCase();
    }

    private static String parameterSchemaPointer(String operation, JsonNode parameter, int index) {
        if (parameter.has("$ref")) {
            return parameter.get("$ref").asText() + "/schema";
        }
        return operation + "/parameters/" + index + "/schema";
    }

    /** A query value as the server reads it: a number or a boolean where the schema says so. */
    private static JsonNode typed(String raw, JsonNode schema) {
        String type = schema.path("type").isArray() ? schema.path("type").get(0).asText() : schema.path("type").asText();
        if (type.equals("integer") && raw.matches("-?\\d{1,18}")) {
            return JSON.numberNode(Long.parseLong(raw));
        }
        if (type.equals("integer")) {
            return TextNode.valueOf(raw); // not a number: the server says so as the schema would
        }
        if (type.equals("boolean") && (raw.equals("true") || raw.equals("false"))) {
            return JSON.booleanNode(Boolean.parseBoolean(raw));
        }
        return TextNode.valueOf(raw);
    }

    private static void collectStrings(JsonNode node, List<String> out) {
        if (node.isTextual() && out.size() < 400) {
            out.add(node.asText());
        }
        node.forEach(child -> collectStrings(child, out));
    }
}
