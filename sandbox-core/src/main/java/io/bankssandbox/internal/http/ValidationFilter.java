package io.bankssandbox.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.internal.openapi.OpenApiDocument;
import io.bankssandbox.internal.openapi.SchemaValidator;
import io.bankssandbox.internal.state.DomainException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Checks the request against its operation in the OpenAPI document (query parameters typed, ranged
 * and defaulted; the body against its schema) and binds the body to the route's command record.
 * A body that fails its schema is refused together with the command's own rules, as far as the
 * body can be read, so that one 400 lists every violation; a body that passes leaves those rules to
 * the domain, which checks them before it acts.
 */
final class ValidationFilter implements Filter {
    private static final Pattern INTEGER = Pattern.compile("-?\\d{1,18}");

    private final SchemaValidator validator;

    ValidationFilter(SchemaValidator validator) {
        this.validator = validator;
    }

    @Override
    public void apply(Exchange exchange) {
        OpenApiDocument.Operation operation = exchange.operation();
        exchange.query = queryValues(exchange, operation);
        if (operation.bodySchemaRef() != null && exchange.route.streamedBody() == null) {
            JsonNode body = exchange.requestBody;
            if (!body.isObject()) {
                throw ApiException.badRequest("Request body must be a JSON object");
            }
            List<String> violations = validator.validate(operation.bodySchemaRef(), body);
            CommandBinding command = exchange.route.command();
            if (!violations.isEmpty()) {
                List<String> all = new ArrayList<>(violations);
                if (command != null) {
                    all.addAll(command.violationsOf(body, validator.refusedValues(operation.bodySchemaRef(), body)));
                }
                throw DomainException.invalid(all);
            }
            if (command != null) {
                // the command's own rules are the domain's to check: it does, whoever calls it
                exchange.command = command.bind(body);
            }
        }
        exchange.proceed();
    }

    /** Checks query parameters against their schemas; returns their values with defaults. */
    private Map<String, String> queryValues(Exchange exchange, OpenApiDocument.Operation operation) {
        List<String> violations = new ArrayList<>();
        if (exchange.family == HttpPipeline.Family.CONTROL && exchange.ctx.queryString() != null) {
            // the sandbox's own routes are strict, as their bodies are; /v0 ignores what it does not know, as the vendor does
            unknownQueryParameters(exchange, operation, violations);
        }
        if (!takesQuery(operation)) {
            if (!violations.isEmpty()) {
                throw DomainException.invalid(violations);
            }
            return Map.of(); // most writes: nothing to check, nothing to allocate
        }
        Map<String, String> values = new HashMap<>();
        for (OpenApiDocument.Parameter parameter : operation.parameters()) {
            if (!"query".equals(parameter.in())) {
                continue;
            }
            String raw = exchange.ctx.queryParam(parameter.name());
            if (raw == null) {
                if (parameter.required()) {
                    violations.add(parameter.name() + " should not be empty");
                } else if (parameter.schema().has("default")) {
                    values.put(parameter.name(), parameter.schema().get("default").asText());
                }
                continue;
            }
            JsonNode typed = coerce(raw, parameter.schema());
            if (typed == null) {
                violations.add(parameter.name() + " must be " + ("boolean".equals(type(parameter.schema()))
                        ? "a boolean value" : "an integer number"));
                continue;
            }
            List<String> found = validator.validate(parameter.schemaRef(), typed, parameter.name());
            if (found.isEmpty()) {
                values.put(parameter.name(), raw);
            }
            violations.addAll(found);
        }
        if (!violations.isEmpty()) {
            throw DomainException.invalid(violations);
        }
        return values;
    }

    private static void unknownQueryParameters(Exchange exchange, OpenApiDocument.Operation operation,
                                               List<String> violations) {
        for (String name : exchange.ctx.queryParamMap().keySet()) {
            if (!declaresQuery(operation, name)) {
                violations.add("property " + name + " should not exist");
            }
        }
    }

    private static boolean declaresQuery(OpenApiDocument.Operation operation, String name) {
        for (OpenApiDocument.Parameter parameter : operation.parameters()) {
            if ("query".equals(parameter.in()) && parameter.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean takesQuery(OpenApiDocument.Operation operation) {
        for (OpenApiDocument.Parameter parameter : operation.parameters()) {
            if ("query".equals(parameter.in())) {
                return true;
            }
        }
        return false;
    }

    private static String type(JsonNode schema) {
        JsonNode type = schema.path("type");
        return type.isArray() ? type.get(0).asText() : type.asText();
    }

    private static JsonNode coerce(String raw, JsonNode schema) {
        switch (type(schema)) {
            case "integer":
                if (!INTEGER.matcher(raw).matches()) {
                    return null;
                }
                return JsonNodeFactory.instance.numberNode(Long.parseLong(raw));
            case "boolean":
                if (!raw.equals("true") && !raw.equals("false")) {
                    return null;
                }
                return JsonNodeFactory.instance.booleanNode(Boolean.parseBoolean(raw));
            default:
                return TextNode.valueOf(raw);
        }
    }
}
