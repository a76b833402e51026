package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every operation of the OpenAPI document the sandbox serves, read from {@code /_sandbox/openapi.json}
 * so that a route added later is fuzzed and scoped without touching these tests.
 */
record RouteCatalog(JsonNode document, List<Route> routes) {
    private static final Pattern PARAM = Pattern.compile("\\{([^}]+)}");

    /** One parameter: its name and schema (references resolved). */
    record Param(String name, String in, boolean required, JsonNode schema) {}

    /** One documented operation. */
    record Route(String method, String template, List<Param> pathParams, List<Param> queryParams,
                 boolean idempotent, String bodyRef, Map<Integer, Set<String>> responses) {
        boolean control() {
            return template.startsWith("/_sandbox");
        }

        boolean paginated() {
            return queryParams.stream().anyMatch(p -> p.name().equals("cursor"));
        }

        boolean hasBody() {
            return bodyRef != null;
        }

        /** The path with each parameter replaced by the given values, in template order. */
        String path(Map<String, String> values) {
            Matcher m = PARAM.matcher(template);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(out, Matcher.quoteReplacement(values.getOrDefault(m.group(1), "x")));
            }
            m.appendTail(out);
            return out.toString();
        }

        /** The path segment before a parameter, used to tell what kind of id a bare {id} is. */
        String segmentBefore(String param) {
            String[] parts = template.split("/");
            for (int i = 1; i < parts.length; i++) {
                if (parts[i].equals("{" + param + "}")) {
                    return parts[i - 1];
                }
            }
            return "";
        }

        @Override
        public String toString() {
            return method + " " + template;
        }
    }

    static RouteCatalog served(String baseUrl) {
        try {
            HttpResponse<byte[]> response = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(baseUrl + "/_sandbox/openapi.json")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            return of(Json.MAPPER.readTree(response.body()));
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("cannot read the served OpenAPI document", e);
        }
    }

    static RouteCatalog of(JsonNode document) {
        List<Route> routes = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                if (op.getKey().equals("parameters")) {
                    continue;
                }
                routes.add(route(document, op.getKey().toUpperCase(), path.getKey(), op.getValue(), path.getValue()));
            }
        }
        return new RouteCatalog(document, List.copyOf(routes));
    }

    private static Route route(JsonNode document, String method, String template, JsonNode op, JsonNode pathItem) {
        List<Param> pathParams = new ArrayList<>();
        List<Param> queryParams = new ArrayList<>();
        boolean idempotent = false;
        List<JsonNode> params = new ArrayList<>();
        pathItem.path("parameters").forEach(params::add);
        op.path("parameters").forEach(params::add);
        for (JsonNode raw : params) {
            JsonNode p = resolve(document, raw);
            Param param = new Param(p.path("name").asText(), p.path("in").asText(), p.path("required").asBoolean(),
                    resolve(document, p.path("schema")));
            switch (param.in()) {
                case "path" -> pathParams.add(param);
                case "query" -> queryParams.add(param);
                case "header" -> idempotent |= param.name().equalsIgnoreCase("Idempotency-Key");
                default -> { }
            }
        }
        String bodyRef = op.path("requestBody").path("content").path("application/json").path("schema")
                .path("$ref").asText(null);
        if (bodyRef == null && op.path("requestBody").path("content").has("application/json")) {
            bodyRef = "inline";
        }
        Map<Integer, Set<String>> responses = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = op.path("responses").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> response = it.next();
            Set<String> types = new LinkedHashSet<>();
            resolve(document, response.getValue()).path("content").fieldNames().forEachRemaining(types::add);
            responses.put(Integer.parseInt(response.getKey()), types);
        }
        return new Route(method, template, List.copyOf(pathParams), List.copyOf(queryParams), idempotent, bodyRef,
                responses);
    }

    static JsonNode resolve(JsonNode document, JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; hops < 10 && current.has("$ref"); hops++) {
            String ref = current.get("$ref").asText();
            if (!ref.startsWith("#/")) {
                break;
            }
            current = document.at(ref.substring(1));
        }
        return current;
    }
}
