package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.openapi.Contracts;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A {@code null} anywhere in a body, on every route that takes one, read from the served document so
 * that a route added later is covered: in each field of a valid body, as each array's element, and in
 * each property the schema declares but the body leaves out (an array of one null where it is an
 * array). Where the schema refuses the null the answer is its 400, in the route's error shape, naming
 * every violation; where the schema allows it, whatever the route answers is never a 5xx.
 */
class NullsInBodiesTest {
    /** Places tried per route: the state document alone has thousands. */
    private static final int PLACES_PER_ROUTE = 120;

    private static final AtomicInteger KEYS = new AtomicInteger();

    private static ServedSandbox served;

    @BeforeAll
    static void start() {
        served = ServedSandbox.start();
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    @Test
    void aNullTheSchemaRefusesIsItsFourHundredOnEveryRouteAndNoNullIsEverAFiveHundred() {
        List<String> wrong = new ArrayList<>();
        int tried = 0;
        for (RouteCatalog.Route route : served.catalog().routes()) {
            if (!route.hasBody()) {
                continue;
            }
            ObjectNode valid = served.bodies().forRoute(route);
            JsonNode schema = RouteCatalog.resolve(served.catalog().document(), served.catalog().document()
                    .at("/paths/" + route.template().replace("~", "~0").replace("/", "~1") + "/" + route.method().toLowerCase()
                            + "/requestBody/content/application~1json/schema"));
            List<ObjectNode> variants = new ArrayList<>();
            nulls(valid, schema, valid, "", variants);
            for (ObjectNode variant : variants.subList(0, Math.min(PLACES_PER_ROUTE, variants.size()))) {
                tried++;
                check(route, variant, wrong);
            }
        }
        assertThat(tried).as("null variants sent").isGreaterThan(200);
        assertThat(wrong).isEmpty();
    }

    private void check(RouteCatalog.Route route, ObjectNode body, List<String> wrong) {
        String ref = route.bodyRef();
        List<String> violations = ref.startsWith("#") && !route.template().equals("/_sandbox/state")
                ? Contracts.openApiValidator().validate(ref, body) : null;
        ApiClient.Response answer = send(route, body);
        String shown = route + " " + RawHttp.abbreviate(body.toString()) + "\n  -> " + answer.status() + " "
                + RawHttp.abbreviate(answer.text());
        if (answer.status() >= 500) {
            wrong.add("server error: " + shown);
            return;
        }
        if (violations == null || violations.isEmpty()) {
            return; // the schema allows this null (or the route checks the document itself): any answer but a 5xx
        }
        if (answer.status() != 400 || !answer.header("Content-Type").orElse("").startsWith("application/json")) {
            wrong.add("not the schema's 400 " + violations + ": " + shown);
            return;
        }
        JsonNode json = answer.json();
        if (route.template().startsWith("/v0/external-accounts")) {
            if (json.size() != 1 || !json.path("error").isTextual()) {
                wrong.add("not the {error} shape: " + shown);
            }
            return;
        }
        List<String> messages = new ArrayList<>();
        json.path("message").forEach(m -> messages.add(m.asText()));
        if (json.size() != 3 || json.path("statusCode").asInt() != 400 || !"Bad Request".equals(json.path("error").asText())
                || !messages.containsAll(violations)) {
            wrong.add("not the NestJS 400 naming " + violations + ": " + shown);
        }
    }

    private ApiClient.Response send(RouteCatalog.Route route, ObjectNode body) {
        Map<String, String> values = new LinkedHashMap<>();
        for (RouteCatalog.Param param : route.pathParams()) {
            String kind = IdBook.kindForParameter(route, param.name());
            List<String> known = kind == null ? List.of() : served.ids().ids(kind);
            values.put(param.name(), known.isEmpty() ? "x" : known.get(0));
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        if (!route.control()) {
            headers.put("Authorization", "Bearer " + MalformedRequests.ALL);
        }
        if (route.idempotent()) {
            headers.put("Idempotency-Key", "nulls-" + KEYS.incrementAndGet() + "-0000000000");
        }
        return served.http().send(route.method(), route.path(values), headers, body.toString().getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Adds to {@code out} a copy of {@code root} with a null at each place under {@code node} (at
     * {@code pointer}, whose schema is {@code schema}): each field and array element present, and each
     * property the schema declares that is absent, as null and, for an array, as {@code [null]}.
     */
    private static void nulls(JsonNode node, JsonNode schema, ObjectNode root, String pointer, List<ObjectNode> out) {
        if (node.isObject()) {
            Map<String, JsonNode> declared = declaredProperties(schema, 0);
            for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                out.add(with(root, pointer + "/" + name, Json.MAPPER.nullNode()));
                nulls(node.get(name), declared.getOrDefault(name, Json.MAPPER.missingNode()), root, pointer + "/" + name, out);
            }
            declared.forEach((name, propertySchema) -> {
                if (!node.has(name)) {
                    out.add(with(root, pointer + "/" + name, Json.MAPPER.nullNode()));
                    if (isArray(propertySchema)) {
                        out.add(with(root, pointer + "/" + name, Json.MAPPER.createArrayNode().addNull()));
                    }
                }
            });
        } else if (node.isArray() && !node.isEmpty()) {
            out.add(with(root, pointer + "/0", Json.MAPPER.nullNode()));
            nulls(node.get(0), items(schema), root, pointer + "/0", out);
        }
    }

    private static ObjectNode with(ObjectNode root, String pointer, JsonNode value) {
        ObjectNode copy = root.deepCopy();
        int slash = pointer.lastIndexOf('/');
        JsonNode parent = copy.at(pointer.substring(0, slash));
        String name = pointer.substring(slash + 1);
        if (parent instanceof ObjectNode object) {
            object.set(name, value);
        } else if (parent instanceof ArrayNode array) {
            array.set(Integer.parseInt(name), value);
        }
        return copy;
    }

    private static JsonNode resolved(JsonNode schema) {
        return RouteCatalog.resolve(served.catalog().document(), schema);
    }

    /** The properties a schema declares, through $ref, allOf, anyOf and oneOf. */
    private static Map<String, JsonNode> declaredProperties(JsonNode schema, int depth) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        JsonNode s = resolved(schema);
        if (depth > 8 || !s.isObject()) {
            return out;
        }
        s.path("properties").fields().forEachRemaining(e -> out.putIfAbsent(e.getKey(), resolved(e.getValue())));
        for (String applicator : List.of("allOf", "anyOf", "oneOf")) {
            s.path(applicator).forEach(part -> declaredProperties(part, depth + 1).forEach(out::putIfAbsent));
        }
        return out;
    }

    private static JsonNode items(JsonNode schema) {
        JsonNode s = resolved(schema);
        return s.has("items") ? resolved(s.get("items")) : Json.MAPPER.missingNode();
    }

    private static boolean isArray(JsonNode schema) {
        JsonNode type = resolved(schema).path("type");
        return type.asText().equals("array") || type.isArray() && type.toString().contains("\"array\"");
    }
}
