package io.bankssandbox.internal.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.AnnotationKeyword;
import com.networknt.schema.path.NodePath;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Validates JSON against schemas of the OpenAPI document and words each violation as the real
 * (NestJS, class-validator) service does: {@code nickname must be shorter than or equal to 50
 * characters}, {@code property foo should not exist}. A schema may give its own wording in
 * {@code x-message}, used where a generic sentence would not name the rule.
 */
public final class SchemaValidator {
    /** Every document the validator knows, by IRI: schemas in one may {@code $ref} schemas in another. */
    private final Map<String, JsonNode> documents;
    private final String iri;
    /** Built on the first validation: a sandbox that validates nothing (a GET) never loads the schema library. */
    private volatile SchemaRegistry registry;
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    public SchemaValidator(OpenApiDocument openApi) {
        this(openApi.document(), OpenApiDocument.IRI);
    }

    /** A validator over any JSON document holding schemas, known by {@code iri}. */
    public SchemaValidator(JsonNode document, String iri) {
        this(iri, Map.of(iri, document));
    }

    /**
     * A validator of the schemas in the document known by {@code iri}, which may {@code $ref} schemas
     * of the other {@code documents} (by IRI, relative ones resolved against {@code iri}).
     */
    public SchemaValidator(String iri, Map<String, JsonNode> documents) {
        this.documents = Map.copyOf(documents);
        this.iri = iri;
    }

    private SchemaRegistry registry() {
        SchemaRegistry built = registry;
        if (built == null) {
            synchronized (this) {
                built = registry;
                if (built == null) {
                    built = newRegistry();
                    registry = built;
                }
            }
        }
        return built;
    }

    private SchemaRegistry newRegistry() {
        Map<String, String> texts = new java.util.HashMap<>();
        documents.forEach((documentIri, document) -> {
            try {
                texts.put(documentIri, Json.MAPPER.writeValueAsString(document));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        // formats are assertions here: a date-time or date that does not exist (2026-02-30) breaks its
        // schema, worded by the field's x-message, so no route or record ever parses one that fails
        SchemaRegistryConfig formatsAsserted = SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build();
        // a keyword the dialect does not know (x-message, an OpenAPI document's own fields) is an
        // annotation, as by default, but without the library's warning for each one
        Dialect dialect = Dialect.builder(Dialects.getDraft202012())
                .unknownKeywordFactory((keyword, context) -> new AnnotationKeyword(keyword))
                .build();
        return SchemaRegistry.withDefaultDialect(dialect,
                builder -> builder.schemas(texts).schemaRegistryConfig(formatsAsserted));
    }

    /** Violations of the schema at {@code ref} (such as {@code #/components/schemas/CreateCardRequest}). */
    public List<String> validate(String ref, JsonNode instance) {
        return validate(ref, instance, "body");
    }

    /** Violations, naming the instance's root {@code rootName} (a query parameter's name, say). */
    public List<String> validate(String ref, JsonNode instance, String rootName) {
        List<Error> errors = errors(ref, instance);
        Set<String> messages = new LinkedHashSet<>();
        for (Error error : errors) {
            messages.add(describe(error, rootName));
        }
        return new ArrayList<>(messages);
    }

    /** Violations with their JSON pointer and keyword, for fixture files: {@code /0/structure: ...}. */
    public List<String> validateWithPointers(String ref, JsonNode instance) {
        return errors(ref, instance).stream()
                .map(e -> pointer(e) + ": " + describe(e, "document") + " (" + e.getKeyword() + ")")
                .collect(Collectors.toList());
    }

    /**
     * Violations of one element of an array document, worded and pointed as if the whole array had
     * been checked ({@code /12/structure: [12].structure must be ...}): a document of a million rows
     * is checked row by row as it streams in, never held whole.
     */
    public List<String> validateElementWithPointers(String itemsRef, JsonNode element, int index) {
        String prefix = "[" + index + "]";
        return errors(itemsRef, element).stream()
                .map(e -> "/" + index + (pointer(e).equals("/") ? "" : pointer(e)) + ": " + describe(e, "document", prefix)
                        + " (" + e.getKeyword() + ")")
                .collect(Collectors.toList());
    }

    private List<Error> errors(String ref, JsonNode instance) {
        // compiled on first use, once whatever the threads
        Schema schema = schemas.computeIfAbsent(ref, r -> registry().getSchema(SchemaLocation.of(iri + r)));
        List<Error> errors = schema.validate(instance);
        if (errors.size() < 2) {
            return errors; // a valid instance, or one plain problem
        }
        List<Error> kept = new ArrayList<>(errors.size());
        for (Error error : errors) {
            if (!namesADeclaredProperty(error)) {
                kept.add(error);
            }
        }
        return kept;
    }

    /**
     * An {@code unevaluatedProperties} failure about a property the schema declares: when any other
     * keyword of a composed schema fails, the failed part evaluates nothing, so every property of the
     * object is reported as unknown. Such a report would bury the real problem; a property no part of
     * the schema declares is still reported.
     */
    private boolean namesADeclaredProperty(Error error) {
        if (!"unevaluatedProperties".equals(error.getKeyword()) || error.getProperty() == null) {
            return false;
        }
        return declares(String.valueOf(error.getSchemaLocation().getAbsoluteIri()), schemaOf(error),
                error.getProperty(), 0);
    }

    private boolean declares(String documentIri, JsonNode schema, String property, int depth) {
        if (depth > 16 || !schema.isObject()) {
            return false;
        }
        if (schema.path("properties").has(property)) {
            return true;
        }
        JsonNode ref = schema.get("$ref");
        if (ref != null && ref.isTextual()) {
            String target = ref.asText();
            int hash = Math.max(0, target.indexOf('#'));
            String targetIri = hash == 0 ? documentIri
                    : java.net.URI.create(documentIri).resolve(target.substring(0, hash)).toString();
            JsonNode document = documents.get(targetIri);
            String pointer = target.indexOf('#') < 0 ? "" : target.substring(target.indexOf('#') + 1);
            if (document != null && declares(targetIri, document.at(pointer), property, depth + 1)) {
                return true;
            }
        }
        for (String applicator : List.of("allOf", "anyOf", "oneOf")) {
            for (JsonNode part : schema.path(applicator)) {
                if (declares(documentIri, part, property, depth + 1)) {
                    return true;
                }
            }
        }
        return false;
    }

    private String describe(Error error, String rootName) {
        return describe(error, rootName, "");
    }

    /** {@code prefix}: the instance's own place in a larger document ({@code [12]}), or empty. */
    private String describe(Error error, String rootName, String prefix) {
        String path = dotted(error.getInstanceLocation(), rootName, prefix);
        String keyword = error.getKeyword();
        String custom = customMessage(error);
        if ("required".equals(keyword)) {
            String field = join(path, error.getProperty(), rootName);
            return custom != null ? custom.replace("{field}", field) : field + " should not be empty";
        }
        if ("additionalProperties".equals(keyword) || "unevaluatedProperties".equals(keyword)) {
            return "property " + join(path, error.getProperty(), rootName) + " should not exist";
        }
        if (custom != null) {
            return custom.replace("{field}", path);
        }
        JsonNode schema = schemaOf(error);
        return switch (keyword) {
            case "type" -> path + " must be " + typeWord(schema.path("type"));
            case "enum" -> path + " must be one of the following values: " + values(schema.path("enum"));
            case "const" -> path + " must be " + schema.path("const").asText();
            case "minLength" -> schema.path("minLength").asInt() == 1
                    ? path + " should not be empty"
                    : path + " must be longer than or equal to " + schema.path("minLength").asInt() + " characters";
            case "maxLength" -> path + " must be shorter than or equal to " + schema.path("maxLength").asInt() + " characters";
            case "minimum" -> schema.path("minimum").asLong() == 1
                    ? path + " must be a positive number"
                    : path + " must not be less than " + schema.path("minimum").asText();
            case "exclusiveMinimum" -> path + " must be greater than " + schema.path("exclusiveMinimum").asText();
            case "maximum" -> path + " must not be greater than " + schema.path("maximum").asText();
            case "minItems" -> path + " must contain at least " + schema.path("minItems").asInt() + " elements";
            case "maxItems" -> path + " must contain no more than " + schema.path("maxItems").asInt() + " elements";
            case "pattern" -> path + " must match " + schema.path("pattern").asText() + " regular expression";
            case "format" -> path + " must be a valid " + schema.path("format").asText();
            case "false" -> "property " + path + " should not exist";
            default -> path + " is invalid (" + error.getMessage() + ")";
        };
    }

    /** The schema object holding the failed keyword. */
    private JsonNode schemaOf(Error error) {
        SchemaLocation location = error.getSchemaLocation();
        String fragment = location.getFragment().toString();
        if (!fragment.startsWith("/")) {
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }
        JsonNode document = documents.getOrDefault(String.valueOf(location.getAbsoluteIri()), documents.get(iri));
        JsonNode node = document.at(fragment);
        if (node.isMissingNode() || !node.isObject() || !node.has(error.getKeyword())) {
            // the location names the keyword itself: step up to its schema object
            int cut = fragment.lastIndexOf('/');
            node = cut <= 0 ? document : document.at(fragment.substring(0, cut));
        }
        return node;
    }

    private String customMessage(Error error) {
        JsonNode schema = schemaOf(error);
        if ("required".equals(error.getKeyword())) {
            JsonNode property = schema.path("properties").path(error.getProperty());
            return property.has("x-message-required") ? property.get("x-message-required").asText() : null;
        }
        JsonNode message = schema.path("x-message");
        return message.isTextual() ? message.asText() : null;
    }

    private static String typeWord(JsonNode type) {
        String name = type.isArray() ? type.get(0).asText() : type.asText();
        return switch (name) {
            case "string" -> "a string";
            case "integer" -> "an integer number";
            case "number" -> "a number";
            case "boolean" -> "a boolean value";
            case "array" -> "an array";
            case "object" -> "an object";
            case "null" -> "null";
            default -> name;
        };
    }

    private static String values(JsonNode values) {
        List<String> out = new ArrayList<>();
        values.forEach(v -> out.add(v.asText()));
        return String.join(", ", out);
    }

    static String dotted(NodePath path, String rootName) {
        return dotted(path, rootName, "");
    }

    private static String dotted(NodePath path, String rootName, String prefix) {
        StringBuilder out = new StringBuilder(prefix);
        for (int i = 0; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            if (element instanceof Integer index) {
                out.append('[').append(index).append(']');
            } else {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(element);
            }
        }
        return out.length() == 0 ? rootName : out.toString();
    }

    private static String join(String path, String property, String rootName) {
        return rootName.equals(path) ? property : path + "." + property;
    }

    private static String pointer(Error error) {
        NodePath path = error.getInstanceLocation();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            out.append('/').append(path.getElement(i));
        }
        String keyword = error.getKeyword();
        if (("required".equals(keyword) || "additionalProperties".equals(keyword)) && error.getProperty() != null) {
            out.append('/').append(error.getProperty());
        }
        return out.length() == 0 ? "/" : out.toString();
    }
}
