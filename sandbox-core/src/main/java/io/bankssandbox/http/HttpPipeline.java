package io.bankssandbox.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.bankssandbox.clock.SandboxClock;
import io.bankssandbox.clock.TimeMachine;
import io.bankssandbox.entities.ApiKey;
import io.bankssandbox.entities.Caller;
import io.bankssandbox.openapi.OpenApiDocument;
import io.bankssandbox.openapi.SchemaValidator;
import io.bankssandbox.state.DomainException;
import io.bankssandbox.state.Json;
import io.bankssandbox.state.NotDurableException;
import io.javalin.http.Context;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The path every request travels, one step each, in this order: fault injection, catching the
 * clock up, auth, rate limit, idempotency, schema validation, then the route. Errors come out in
 * the route's documented shape; every /v0 exchange goes into the journal.
 */
public final class HttpPipeline {
    private static final Logger LOG = LoggerFactory.getLogger(HttpPipeline.class);
    private static final String IDEMPOTENCY_KEY_SCHEMA = "#/components/schemas/IdempotencyKey";
    private static final java.util.regex.Pattern INTEGER = java.util.regex.Pattern.compile("-?\\d{1,18}");

    /**
     * Which guards a route family has. PUBLIC routes are pages the sandbox hands out by
     * unguessable URL (card details): no Authorization, whatever the admin token.
     */
    public enum Family { API, CONTROL, PUBLIC }

    private final SandboxClock clock;
    private final TimeMachine timeMachine;
    private final Supplier<List<ApiKey>> apiKeys;
    private final SchemaValidator validator;
    private final IdempotencyStore idempotency;
    private final RequestJournal journal;
    private final FaultInjector faults;
    private final RateLimiter rateLimiter;
    private final String adminToken;
    private final Map<String, ReplayRenderer> replayRenderers = new HashMap<>();
    private volatile Durability durability = Durability.NONE;

    public HttpPipeline(SandboxClock clock, TimeMachine timeMachine, Supplier<List<ApiKey>> apiKeys,
                        SchemaValidator validator, IdempotencyStore idempotency, RequestJournal journal,
                        FaultInjector faults, RateLimiter rateLimiter, String adminToken) {
        this.clock = clock;
        this.timeMachine = timeMachine;
        this.apiKeys = apiKeys;
        this.validator = validator;
        this.idempotency = idempotency;
        this.journal = journal;
        this.faults = faults;
        this.rateLimiter = rateLimiter;
        this.adminToken = adminToken;
    }

    /**
     * Where the changes a request makes are made durable (the state file): each request
     * {@link #begin}s, its writes' records are fsynced together by {@link #settle} before a 2xx
     * answer to a change leaves, and {@link #end} settles whatever is left once it is answered.
     */
    public interface Durability {
        Durability NONE = new Durability() {
            @Override
            public void begin() {
            }

            @Override
            public void settle() {
            }

            @Override
            public void end() {
            }
        };

        void begin();

        /** Returns once what the request changed is durable; throws {@link NotDurableException} if it cannot be. */
        void settle();

        /** Settles what is left (a GET's clock catch-up); a failure is logged, the answer is already set. */
        void end();
    }

    public void durability(Durability durability) {
        this.durability = durability;
    }

    public void registerReplay(String kind, ReplayRenderer renderer) {
        replayRenderers.put(kind, renderer);
    }

    /** Serves one request of a documented operation. */
    public void serve(Context ctx, Family family, OpenApiDocument.Operation operation, ErrorShape shape,
                      BodyRules rules, RouteHandler handler) {
        String method = ctx.method().name();
        String target = target(ctx);
        JsonNode requestBody = null;
        byte[] requestJson = null;
        String idempotencyKey = ctx.header("Idempotency-Key");
        String slot = null;
        int status = 500;
        byte[] responseJson = null;
        boolean faulted = false;
        int keyIndex = 0;
        Durability durable = durability;
        durable.begin();
        try {
            if (family == Family.API && applyFault(ctx, method, target)) {
                faulted = true;
                return;
            }
            timeMachine.catchUp();
            // one read of the keys (under the state's read lock) serves auth and the journal's key index
            List<ApiKey> keys = family == Family.API ? apiKeys.get() : List.of();
            Caller caller = guard(ctx, family, keys);
            keyIndex = keyIndex(caller, keys);
            boolean idempotent = operation.idempotent();
            if (idempotent) {
                checkIdempotencyKey(idempotencyKey);
            }
            Body body = readBody(ctx, method);
            if (body != null) {
                requestBody = body.tree();
                requestJson = body.json();
            }
            if (idempotent) {
                IdempotencyStore.Outcome outcome = idempotency.begin(caller.apiKey(), idempotencyKey, method,
                        ctx.path(), BodyHash.of(requestBody), clock.now());
                if (outcome instanceof IdempotencyStore.Refuse refuse) {
                    throw refuse.error();
                }
                if (outcome instanceof IdempotencyStore.Replay replay) {
                    IdempotencyStore.Entry entry = replay.entry();
                    Object current = replayRenderers.get(entry.kind()).render(caller, entry.id());
                    ctx.header("Idempotency-Replayed", "true");
                    status = entry.status();
                    responseJson = writeJson(ctx, status, current);
                    return;
                }
                slot = ((IdempotencyStore.Proceed) outcome).slot();
            }
            Map<String, String> query = validateParameters(ctx, operation);
            List<String> violations = new ArrayList<>();
            if (operation.bodySchemaRef() != null) {
                if (!requestBody.isObject()) {
                    throw ApiException.badRequest("Request body must be a JSON object");
                }
                violations.addAll(validator.validate(operation.bodySchemaRef(), requestBody));
                violations.addAll(rules.violations(requestBody));
            }
            if (!violations.isEmpty()) {
                throw ApiException.validation(violations);
            }
            ApiResponse response = handler.handle(new ApiRequest(caller, ctx.pathParamMap(), query, requestBody,
                    ctx.host() == null ? null : ctx.scheme() + "://" + ctx.host()));
            if (slot != null) {
                idempotency.complete(slot, response.status(), response.replayKind(), response.replayId());
                slot = null;
            }
            status = response.status();
            responseJson = write(ctx, response);
            if (!"GET".equals(method) && status >= 200 && status < 300) {
                durable.settle();
            }
        } catch (NotDurableException e) {
            // the change is applied in memory: say so rather than acknowledge it as durable
            ApiException api = ApiException.of(503, e.getMessage());
            status = api.status();
            responseJson = writeError(ctx, shape, api);
        } catch (ApiException e) {
            status = e.status();
            responseJson = writeError(ctx, shape, e);
        } catch (DomainException e) {
            ApiException api = toApi(e);
            status = api.status();
            responseJson = writeError(ctx, shape, api);
        } catch (RuntimeException e) {
            // A bug: no input should get here. Say so plainly rather than hide it.
            LOG.error("internal error serving {} {}", method, target, e);
            ApiException api = ApiException.of(500, "Internal server error: " + e.getClass().getSimpleName());
            status = 500;
            responseJson = writeError(ctx, shape, api);
        } finally {
            durable.end();
            // whatever refused the request before its body was read (auth, a bad key, a GET's body)
            discardBody(ctx);
            if (slot != null) {
                idempotency.abandon(slot);
            }
            if (family == Family.API && !faulted) {
                journal.recordJson(clock.now(), method, target, idempotencyKey, requestJson, status, responseJson,
                        keyIndex);
            } else if (family == Family.CONTROL && changesSession(method, ctx.path())) {
                journal.recordControlJson(clock.now(), method, target, requestJson, status, responseJson);
            }
        }
    }

    /** An unknown route: {@code Cannot GET /path}, journaled like any /v0 exchange. */
    public void notFound(Context ctx) {
        discardBody(ctx);
        String method = ctx.method().name();
        String target = target(ctx);
        if (target.startsWith("/v0") && applyFault(ctx, method, target)) {
            return;
        }
        ApiException e = ApiException.of(404, "Cannot " + method + " " + ctx.path());
        ErrorShape shape = ctx.path().startsWith("/v0/external-accounts") ? ErrorShape.SIMPLE : ErrorShape.NEST;
        byte[] body = writeError(ctx, shape, e);
        if (target.startsWith("/v0")) {
            journal.recordJson(clock.now(), method, target, ctx.header("Idempotency-Key"), null, 404, body, 0);
        }
    }

    /** Which fixture key (1-based, in fixture order) made the request, so an export can name it without its value; 0 when none did. */
    private static int keyIndex(Caller caller, List<ApiKey> keys) {
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i).key().equals(caller.apiKey())) {
                return i + 1;
            }
        }
        return 0;
    }

    /**
     * Control requests a replayed session needs: everything that changes state, except reset
     * (it starts a new session) and the journal's own routes.
     */
    private static boolean changesSession(String method, String path) {
        return !"GET".equals(method) && !path.equals("/_sandbox/reset") && !path.startsWith("/_sandbox/requests");
    }

    public static ApiException toApi(DomainException e) {
        return switch (e.kind()) {
            case INVALID -> ApiException.validation(e.messages());
            case NOT_FOUND -> ApiException.of(404, e.messages().get(0));
            case CONFLICT -> ApiException.of(409, e.messages().get(0));
        };
    }

    private boolean applyFault(Context ctx, String method, String target) {
        FaultInjector.Fault fault = faults.take(method, target);
        if (fault == null) {
            return false;
        }
        if (fault.delayMs() > 0) {
            try {
                Thread.sleep(fault.delayMs());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        JsonNode body = fault.body() != null ? fault.body()
                : ErrorShape.NEST.render(ApiException.of(fault.status(), ErrorShape.reasonPhrase(fault.status())));
        byte[] written = writeJson(ctx, fault.status(), body);
        journal.recordJson(clock.now(), method, target, ctx.header("Idempotency-Key"), null, fault.status(), written, 0);
        return true;
    }

    private Caller guard(Context ctx, Family family, List<ApiKey> keys) {
        if (family == Family.PUBLIC) {
            return new Caller("public", false, java.util.Set.of());
        }
        if (family == Family.CONTROL) {
            if (adminToken != null) {
                String header = ctx.header("Authorization");
                if (header == null || !header.equals("Bearer " + adminToken)) {
                    throw ApiException.of(401, "Unauthorized");
                }
            }
            return new Caller("admin", true, java.util.Set.of());
        }
        Caller caller = Authenticator.authenticate(ctx.header("Authorization"), keys);
        rateLimiter.admit(caller.apiKey());
        return caller;
    }

    private void checkIdempotencyKey(String key) {
        if (key == null || key.isEmpty()) {
            throw ApiException.badRequest("Idempotency-Key header is required");
        }
        List<String> violations = validator.validate(IDEMPOTENCY_KEY_SCHEMA, TextNode.valueOf(key), "Idempotency-Key");
        if (!violations.isEmpty()) {
            throw ApiException.badRequest(violations.get(0));
        }
    }

    /** A request body as parsed and as the JSON bytes the journal keeps (the client's own, or {@code {}} for none). */
    private record Body(JsonNode tree, byte[] json) {}

    private static final byte[] EMPTY_OBJECT = {'{', '}'};

    private Body readBody(Context ctx, String method) {
        if (!"POST".equals(method) && !"PUT".equals(method) && !"PATCH".equals(method)) {
            return null;
        }
        byte[] bytes;
        try {
            bytes = BodyReader.read(ctx.req().getInputStream());
        } catch (IOException e) {
            throw ApiException.badRequest("Request body could not be read");
        }
        if (bytes.length == 0 || isBlank(bytes)) {
            return new Body(JsonNodeFactory.instance.objectNode(), EMPTY_OBJECT);
        }
        String contentType = ctx.contentType();
        if (contentType == null || !contentType.toLowerCase().startsWith("application/json")) {
            throw ApiException.of(415, "Content-Type must be application/json");
        }
        JsonNode body = RequestBodyParser.parse(bytes);
        // the journal keeps the client's bytes; reading them back with the same (first value
        // only) parsing gives this very tree
        return body == null || body.isMissingNode() ? new Body(JsonNodeFactory.instance.objectNode(), EMPTY_OBJECT)
                : new Body(body, bytes);
    }

    private static void discardBody(Context ctx) {
        // HTTP/1.1: a request with neither Content-Length nor Transfer-Encoding has no body (most
        // GETs), so there is nothing to drain and no buffer to allocate
        if (ctx.req().getContentLengthLong() <= 0 && ctx.header("Transfer-Encoding") == null) {
            return;
        }
        try {
            BodyReader.discard(ctx.req().getInputStream());
        } catch (IOException e) {
            // the client went away while sending a body nobody reads: nothing to answer it
        }
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }

    /** Checks query and path parameters against their schemas; returns query values with defaults. */
    private Map<String, String> validateParameters(Context ctx, OpenApiDocument.Operation operation) {
        Map<String, String> values = new HashMap<>();
        List<String> violations = new ArrayList<>();
        for (OpenApiDocument.Parameter parameter : operation.parameters()) {
            if (!"query".equals(parameter.in())) {
                continue;
            }
            String raw = ctx.queryParam(parameter.name());
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
            throw ApiException.validation(violations);
        }
        return values;
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

    private byte[] write(Context ctx, ApiResponse response) {
        if (response.isJson()) {
            return writeJson(ctx, response.status(), response.body());
        }
        ctx.status(response.status()).contentType(response.contentType());
        if (response.body() instanceof byte[] bytes) {
            ctx.result(bytes);
        } else {
            ctx.result(String.valueOf(response.body()));
        }
        // the journal notes what kind of body went out, not the document itself
        try {
            return Json.MAPPER.writeValueAsBytes("<" + response.contentType() + ">");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private byte[] writeError(Context ctx, ErrorShape shape, ApiException e) {
        if (e.retryAfterSeconds() != null) {
            ctx.header("Retry-After", String.valueOf(e.retryAfterSeconds()));
        }
        if (e.status() == 413) {
            ctx.header("Connection", "close");
        }
        return writeJson(ctx, e.status(), shape.render(e));
    }

    /**
     * Serializes the body once, straight from the route's objects (no intermediate tree), and
     * returns the bytes sent so the journal can keep those very bytes.
     */
    private static byte[] writeJson(Context ctx, int status, Object body) {
        byte[] bytes;
        try {
            bytes = Json.MAPPER.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        ctx.status(status).contentType("application/json; charset=utf-8").result(bytes);
        return bytes;
    }

    private static String target(Context ctx) {
        String query = ctx.queryString();
        return query == null || query.isEmpty() ? ctx.path() : ctx.path() + "?" + query;
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
