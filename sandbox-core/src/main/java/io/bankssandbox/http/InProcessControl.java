package io.bankssandbox.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.bankssandbox.clock.TimeMachine;
import io.bankssandbox.access.Caller;
import io.bankssandbox.openapi.OpenApiDocument;
import io.bankssandbox.openapi.SchemaValidator;
import io.bankssandbox.state.DomainException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The control routes, callable in the same JVM without HTTP: the typed {@code Sandbox}
 * handle goes through here. A call runs what a request to the route runs after the transport (clock
 * catch-up, the operation's body schema, its extra body rules, then the route's own handler), so a
 * typed call and an HTTP call can never disagree about a rule. There is no admin token to check:
 * whoever holds the handle started the sandbox.
 */
public final class InProcessControl {
    /** Who the control API serves: every entity, as {@link HttpPipeline} grants control requests. */
    private static final Caller ADMIN = new Caller("admin", true, Set.of());

    private record Route(OpenApiDocument.Operation operation, BodyRules rules, RouteHandler handler) {}

    private final TimeMachine timeMachine;
    private final SchemaValidator validator;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();

    public InProcessControl(TimeMachine timeMachine, SchemaValidator validator) {
        this.timeMachine = timeMachine;
        this.validator = validator;
    }

    void register(OpenApiDocument.Operation operation, BodyRules rules, RouteHandler handler) {
        routes.put(operation.method() + " " + operation.pathTemplate(), new Route(operation, rules, handler));
    }

    /** What a call answered: the route's body, or the status and messages of a refusal. */
    public record Answer(int status, Object body, List<String> messages) {
        public boolean refused() {
            return status >= 400;
        }
    }

    /**
     * Calls one control route; {@code pathTemplate} is as documented ({@code /_sandbox/cards/{card_id}/authorizations}).
     * Answers the route's response body (the record it renders), or a refusal with the status and
     * messages an HTTP client would have got.
     */
    public Answer call(String method, String pathTemplate, Map<String, String> pathParams, JsonNode body) {
        Route route = routes.get(method + " " + pathTemplate);
        if (route == null) {
            throw new IllegalArgumentException("no control route " + method + " " + pathTemplate);
        }
        JsonNode requestBody = body != null ? body
                : ("POST".equals(method) || "PUT".equals(method)) ? JsonNodeFactory.instance.objectNode() : null;
        try {
            timeMachine.catchUp();
            if (route.operation().bodySchemaRef() != null) {
                List<String> violations = new ArrayList<>(validator.validate(route.operation().bodySchemaRef(), requestBody));
                violations.addAll(route.rules().violations(requestBody));
                if (!violations.isEmpty()) {
                    throw ApiException.validation(violations);
                }
            }
            ApiResponse response = route.handler().handle(new ApiRequest(ADMIN, pathParams, Map.of(), requestBody));
            return new Answer(response.status(), response.body(), List.of());
        } catch (ApiException e) {
            return new Answer(e.status(), null, e.messages());
        } catch (DomainException e) {
            ApiException api = HttpPipeline.toApi(e);
            return new Answer(api.status(), null, api.messages());
        }
    }
}
