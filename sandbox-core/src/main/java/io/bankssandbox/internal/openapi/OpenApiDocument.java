package io.bankssandbox.internal.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Lazy;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The sandbox's one contract: an OpenAPI 3.1 document whose schemas validate requests, are served
 * at {@code /_sandbox/openapi.json}, and check responses in the tests. It is kept as one file per
 * feature under {@code io/bankssandbox/openapi/} and merged here, so that features can grow it
 * independently; the merged document is what everyone sees.
 */
public final class OpenApiDocument {
    /** The IRI the document is known by to the schema validator; {@code $ref}s resolve inside it. */
    public static final String IRI = "https://bankssandbox.io/openapi.json";

    private static final String BASE = "io/bankssandbox/openapi/openapi.json";
    private static final List<String> FRAGMENTS = List.of(
            "entities", "accounts", "cards", "inbound-ach-transfers", "providers", "era", "external-accounts",
            "card-authorizations",
            "control", "live-entities", "live-accounts", "transactions", "transfers", "card-details",
            "live-lockbox", "remittances", "ui", "webhooks", "entity-onboarding", "sandboxes");

    /** Parsed when first needed when the operations come from the build's index (see {@link #open}). */
    private final Lazy<ObjectNode> document;
    /** Pretty-printed when first served, not at every start. */
    private final Lazy<byte[]> serialized = Lazy.of(this::prettyPrinted);
    private final ConcurrentMap<String, Operation> operations = new ConcurrentHashMap<>();
    /** The digest of the files the build's index and request schemas were made from; null when they are not used. */
    private final String buildDigest;

    private OpenApiDocument(Lazy<ObjectNode> document, Map<String, Operation> indexed, String buildDigest) {
        this.document = document;
        this.operations.putAll(indexed);
        this.buildDigest = buildDigest;
    }

    /** The document, parsed and merged now; each operation read from it when first asked for. */
    public static OpenApiDocument load() {
        return new OpenApiDocument(Lazy.made(parse()), Map.of(), null);
    }

    /**
     * The document for serving: every operation from the index the build wrote ({@link OperationIndex})
     * when it was made from exactly these files, and the document itself parsed when first needed (the
     * first validation, the first time it is served): registering the routes and answering a request
     * without a body or query need no more. Without a matching index, {@link #load}.
     */
    public static OpenApiDocument open() {
        String digest = OperationIndex.digest(sources());
        Map<String, Operation> indexed = OperationIndex.read(digest);
        return indexed == null ? load() : new OpenApiDocument(Lazy.of(OpenApiDocument::parse), indexed, digest);
    }

    /**
     * The JSON of the {@link RequestSchemas} the build extracted from these very files, what request
     * validation reads (a small part of the document); null when there are none for them, and requests
     * are then validated against the whole document.
     */
    String requestSchemas() {
        return buildDigest == null ? null : RequestSchemas.read(buildDigest);
    }

    /** The base file and each fragment, in the order they merge: what {@link OperationIndex} is a digest of. */
    static List<String> sources() {
        List<String> sources = new ArrayList<>();
        sources.add(BASE);
        for (String fragment : FRAGMENTS) {
            sources.add("io/bankssandbox/openapi/" + fragment + ".json");
        }
        sources.add(FIXTURE_SCHEMAS); // merged in as the Fixture_ components
        return sources;
    }

    private static ObjectNode parse() {
        ObjectNode base = (ObjectNode) read(BASE);
        for (String fragment : FRAGMENTS) {
            JsonNode part = read("io/bankssandbox/openapi/" + fragment + ".json");
            merge((ObjectNode) base.withObjectProperty("paths"), part.path("paths"), fragment);
            for (Iterator<Map.Entry<String, JsonNode>> kinds = part.path("components").fields(); kinds.hasNext(); ) {
                Map.Entry<String, JsonNode> kind = kinds.next();
                merge((ObjectNode) base.withObjectProperty("components").withObjectProperty(kind.getKey()), kind.getValue(), fragment);
            }
        }
        merge((ObjectNode) base.withObjectProperty("components").withObjectProperty("schemas"), fixtureSchemas(),
                FIXTURE_SCHEMAS);
        return base;
    }

    /** The fixture files' schemas, which every state document (fixtures, PUT /_sandbox/state, the state file) meets. */
    static final String FIXTURE_SCHEMAS = "io/bankssandbox/fixtures/fixture-schemas.json";
    /** The prefix of a fixture file's schema among the document's components: {@code Fixture_entities}. */
    static final String FIXTURE_PREFIX = "Fixture_";

    /**
     * The fixture schemas as components of this document ({@code Fixture_<name>}), so that the state
     * document of {@code GET} and {@code PUT /_sandbox/state} is stated in full where clients read it,
     * from the one file the fixture loader checks with: their references to this document become local,
     * theirs to each other {@code Fixture_} components.
     */
    private static ObjectNode fixtureSchemas() {
        ObjectNode out = Json.MAPPER.createObjectNode();
        read(FIXTURE_SCHEMAS).path("$defs").fields().forEachRemaining(def ->
                out.set(FIXTURE_PREFIX + def.getKey(), localRefs(def.getValue().deepCopy())));
        return out;
    }

    private static JsonNode localRefs(JsonNode node) {
        if (node instanceof ObjectNode object) {
            JsonNode ref = object.get("$ref");
            if (ref != null && ref.isTextual()) {
                String target = ref.asText();
                if (target.startsWith("openapi.json#")) {
                    object.put("$ref", target.substring("openapi.json".length()));
                } else if (target.startsWith("#/$defs/")) {
                    object.put("$ref", "#/components/schemas/" + FIXTURE_PREFIX + target.substring("#/$defs/".length()));
                }
            }
            object.fields().forEachRemaining(field -> localRefs(field.getValue()));
        } else if (node != null && node.isArray()) {
            node.forEach(OpenApiDocument::localRefs);
        }
        return node;
    }

    private static JsonNode read(String resource) {
        try (InputStream in = OpenApiDocument.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing OpenAPI resource " + resource);
            }
            return Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable OpenAPI resource " + resource, e);
        }
    }

    private static void merge(ObjectNode into, JsonNode from, String fragment) {
        for (Iterator<Map.Entry<String, JsonNode>> it = from.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (into.has(entry.getKey())) {
                throw new IllegalStateException("OpenAPI fragment " + fragment + " redefines " + entry.getKey());
            }
            into.set(entry.getKey(), entry.getValue());
        }
    }

    /** The document without its examples: what validates requests. */
    public JsonNode document() {
        return document.get();
    }

    /** Every operation of the document, read from it (the build's index is made of these). */
    List<Operation> allOperations() {
        List<Operation> all = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = document().path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<String> methods = path.getValue().fieldNames(); methods.hasNext(); ) {
                String method = methods.next();
                if (List.of("get", "put", "post", "delete", "patch", "head", "options", "trace").contains(method)) {
                    all.add(readOperation(method.toUpperCase(java.util.Locale.ROOT), path.getKey()));
                }
            }
        }
        return all;
    }

    /** The document as served, with its examples, pretty-printed once. */
    public byte[] bytes() {
        return serialized.get().clone();
    }

    /**
     * The document as served: a copy of {@link #document} with the examples merged in
     * ({@link OpenApiExamples}). Only serving it reads them: the validator's document has none.
     */
    public JsonNode served() {
        ObjectNode served = document().deepCopy();
        OpenApiExamples.merge(served, OpenApiExamples.read());
        return served;
    }

    private byte[] prettyPrinted() {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(served());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The operation for a method and a path template such as {@code /v0/cards/{card_id}}. */
    public Operation operation(String method, String pathTemplate) {
        // every sandbox of the JVM registers the same routes: each operation is read from the document once
        return operations.computeIfAbsent(method + " " + pathTemplate, key -> readOperation(method, pathTemplate));
    }

    private Operation readOperation(String method, String pathTemplate) {
        JsonNode node = document().path("paths").path(pathTemplate).path(method.toLowerCase());
        if (node.isMissingNode()) {
            throw new IllegalStateException("route " + method + " " + pathTemplate + " is not in the OpenAPI document");
        }
        String operationPointer = "#/paths/" + pathTemplate.replace("~", "~0").replace("/", "~1") + "/"
                + method.toLowerCase();
        List<Parameter> parameters = new ArrayList<>();
        int index = 0;
        for (JsonNode p : node.path("parameters")) {
            String pointer = p.has("$ref") ? p.get("$ref").asText() : operationPointer + "/parameters/" + index;
            JsonNode resolved = p.has("$ref") ? resolve(p.get("$ref").asText()) : p;
            parameters.add(new Parameter(resolved.path("name").asText(), resolved.path("in").asText(),
                    resolved.path("required").asBoolean(false), resolved.path("schema"), pointer + "/schema"));
            index++;
        }
        JsonNode bodySchema = node.path("requestBody").path("content").path("application/json").path("schema");
        String bodyPointer = null;
        if (bodySchema.has("$ref")) {
            bodyPointer = bodySchema.get("$ref").asText();
        } else if (!bodySchema.isMissingNode()) {
            throw new IllegalStateException(method + " " + pathTemplate + ": request schemas must be $refs");
        }
        return new Operation(method, pathTemplate, parameters, bodyPointer);
    }

    private JsonNode resolve(String ref) {
        return document().at(ref.substring(1));
    }

    /** A documented parameter: its schema drives type coercion, defaults and range checks. */
    public static final class Parameter {
        private final String name;
        private final String in;
        private final boolean required;
        private final String schemaRef;
        /** The schema's JSON when it comes from the build's index: parsed when first asked for. */
        private final String schemaText;
        private volatile JsonNode schema;

        public Parameter(String name, String in, boolean required, JsonNode schema, String schemaRef) {
            this(name, in, required, schemaRef, null, schema);
        }

        private Parameter(String name, String in, boolean required, String schemaRef, String schemaText, JsonNode schema) {
            this.name = name;
            this.in = in;
            this.required = required;
            this.schemaRef = schemaRef;
            this.schemaText = schemaText;
            this.schema = schema;
        }

        /** A parameter whose schema is given as JSON, read when first needed (a start reads none). */
        static Parameter withSchemaText(String name, String in, boolean required, String schemaRef, String schemaText) {
            return new Parameter(name, in, required, schemaRef, schemaText, null);
        }

        public String name() {
            return name;
        }

        public String in() {
            return in;
        }

        public boolean required() {
            return required;
        }

        public JsonNode schema() {
            JsonNode parsed = schema;
            if (parsed == null) {
                try {
                    parsed = Json.MAPPER.readTree(schemaText); // two threads may both read it: equal trees
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                schema = parsed;
            }
            return parsed;
        }

        public String schemaRef() {
            return schemaRef;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Parameter that && name.equals(that.name) && in.equals(that.in)
                    && required == that.required && schema().equals(that.schema()) && schemaRef.equals(that.schemaRef);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(name, in, required, schema(), schemaRef);
        }

        @Override
        public String toString() {
            return "Parameter[name=" + name + ", in=" + in + ", required=" + required + ", schema=" + schema()
                    + ", schemaRef=" + schemaRef + "]";
        }
    }

    /** A documented operation; {@code bodySchemaRef} is {@code #/components/schemas/...} or null. */
    public record Operation(String method, String pathTemplate, List<Parameter> parameters, String bodySchemaRef) {
        /** Whether the operation takes an Idempotency-Key header. */
        public boolean idempotent() {
            for (Parameter parameter : parameters) {
                if ("header".equals(parameter.in()) && "Idempotency-Key".equalsIgnoreCase(parameter.name())) {
                    return true;
                }
            }
            return false;
        }
    }
}
