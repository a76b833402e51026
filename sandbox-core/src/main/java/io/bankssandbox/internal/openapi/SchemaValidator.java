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
import io.bankssandbox.internal.state.Lazy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The one wrapper of the JSON Schema library. Validates JSON against schemas of the OpenAPI document
 * and words each violation as the real (NestJS, class-validator) service does: {@code nickname must be
 * shorter than or equal to 50 characters}, {@code property foo should not exist}. A schema may give
 * its own wording in {@code x-message}, used where a generic sentence would not name the rule. A caller
 * that words violations its own way (replay, for scenario files) takes them as {@link Violation}s, with
 * the same pointers and {@link TypeWords}.
 */
public final class SchemaValidator {
    /** The keywords whose failure names a property, which the API's pointers then end with. */
    private static final Set<String> API_NAMING = Set.of("required", "additionalProperties");
    /**
     * The API's fixture and state-import messages have always shown names in their pointers as they are
     * ({@code /m/a/b} for the key {@code a/b}); kept, as clients see them. RFC 6901 would escape them.
     */
    private static final boolean API_POINTERS_ESCAPED = false;

    /**
     * Every document the validator knows, by IRI: schemas in one may {@code $ref} schemas in another.
     * Read when first needed: the OpenAPI document may not be parsed before the first validation. The
     * wording reads them; the schema library reads {@link #texts}, so a validator that reports nothing
     * may never parse them.
     */
    private final Lazy<Map<String, JsonNode>> documents;
    /** The same documents as JSON text, what the schema library parses. */
    private final Lazy<Map<String, String>> texts;
    private final String iri;
    /** Built on the first validation: a sandbox that validates nothing (a GET) never loads the schema library. */
    private final Lazy<SchemaRegistry> registry = Lazy.of(this::newRegistry);
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();
    private final boolean formatsAsserted;

    /**
     * The validator of requests: over the {@link RequestSchemas} the build extracted from the document
     * (the same schemas at the same pointers, a small part of it), or the whole document when there
     * are none for its files.
     */
    public SchemaValidator(OpenApiDocument openApi) {
        this.iri = OpenApiDocument.IRI;
        this.formatsAsserted = true;
        Lazy<Optional<String>> extracted = Lazy.of(() -> Optional.ofNullable(openApi.requestSchemas()));
        this.documents = Lazy.of(() -> Map.of(iri, extracted.get().map(RequestSchemas::parse).orElseGet(openApi::document)));
        this.texts = Lazy.of(() -> extracted.get().map(text -> Map.of(iri, text)).orElseGet(() -> texts(documents.get())));
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
        this(iri, documents, true);
    }

    /**
     * {@code formatsAsserted}: whether a {@code format} is a rule, as in the API's schemas, or only a note,
     * as in the scenario format (whose {@code regex} replay checks itself, in its own words).
     */
    public SchemaValidator(String iri, Map<String, JsonNode> documents, boolean formatsAsserted) {
        this(iri, Lazy.made(Map.copyOf(documents)), formatsAsserted);
    }

    private SchemaValidator(String iri, Lazy<Map<String, JsonNode>> documents, boolean formatsAsserted) {
        this.documents = documents;
        this.texts = Lazy.of(() -> texts(documents.get()));
        this.iri = iri;
        this.formatsAsserted = formatsAsserted;
    }

    private static Map<String, String> texts(Map<String, JsonNode> documents) {
        Map<String, String> texts = new java.util.HashMap<>();
        documents.forEach((documentIri, document) -> {
            try {
                texts.put(documentIri, Json.MAPPER.writeValueAsString(document));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return texts;
    }

    private SchemaRegistry registry() {
        return registry.get();
    }

    private SchemaRegistry newRegistry() {
        // the API's formats are assertions: a date-time or date that does not exist (2026-02-30) breaks its
        // schema, worded by the field's x-message, so no route or record ever parses one that fails
        SchemaRegistryConfig config = SchemaRegistryConfig.builder().formatAssertionsEnabled(formatsAsserted).build();
        // a keyword the dialect does not know (x-message, x-messages, an OpenAPI document's own fields) is
        // an annotation, as by default, but without the library's warning for each one
        Dialect dialect = Dialect.builder(Dialects.getDraft202012())
                .unknownKeywordFactory((keyword, context) -> new AnnotationKeyword(keyword))
                .build();
        return SchemaRegistry.withDefaultDialect(dialect,
                builder -> builder.schemas(texts.get()).schemaRegistryConfig(config));
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
                .map(e -> apiPointer(e, "") + ": " + describe(e, "document") + " (" + e.getKeyword() + ")")
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
                .map(e -> apiPointer(e, "/" + index) + ": " + describe(e, "document", prefix) + " (" + e.getKeyword() + ")")
                .collect(Collectors.toList());
    }

    /**
     * The places (RFC 6901 pointers, deepest last) of the values the schema at {@code ref} refuses by
     * themselves: a null element, a string where a number goes, a value out of its enum. Not the root,
     * and not an object for a property it lacks or has too many of (those name a property, not a value).
     */
    public List<String> refusedValues(String ref, JsonNode instance) {
        Set<String> places = new LinkedHashSet<>();
        for (Error error : errors(ref, instance)) {
            if (!NAMES_A_PROPERTY.contains(error.getKeyword()) && error.getInstanceLocation().getNameCount() > 0) {
                places.add(Violation.pointer(error, Set.of(), true));
            }
        }
        return new ArrayList<>(places);
    }

    private static final Set<String> NAMES_A_PROPERTY = Set.of("required", "additionalProperties",
            "unevaluatedProperties", "dependentRequired", "propertyNames");

    /** The violations of the schema at {@code ref} ({@code ""}: the document itself), for a caller that words them. */
    public List<Violation> violations(String ref, JsonNode instance) {
        return errors(ref, instance).stream().map(Violation::new).toList();
    }

    private List<Error> errors(String ref, JsonNode instance) {
        // compiled on first use, once whatever the threads
        Schema schema = schemas.computeIfAbsent(ref, r -> {
            Schema compiled = registry().getSchema(SchemaLocation.of(iri + r));
            if (compiled.getSchemaNode() == null || compiled.getSchemaNode().isMissingNode()) {
                // a pointer the validator's document does not hold: a bug, never a schema that accepts anything
                throw new IllegalStateException("no schema at " + iri + r);
            }
            return compiled;
        });
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
            JsonNode document = documents.get().get(targetIri);
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
            case "type" -> path + " must be " + TypeWords.API.expected(schema.path("type"));
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
        JsonNode document = documents.get().getOrDefault(String.valueOf(location.getAbsoluteIri()), documents.get().get(iri));
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

    /** The API's pointer for an error inside the value at {@code at} ({@code ""}, or {@code /12}); the root is shown as {@code /}. */
    private static String apiPointer(Error error, String at) {
        String pointer = at + Violation.pointer(error, API_NAMING, API_POINTERS_ESCAPED);
        return pointer.isEmpty() ? "/" : pointer;
    }

    /** A name as one token of a JSON pointer (RFC 6901): {@code ~} is {@code ~0}, {@code /} is {@code ~1}. */
    public static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
