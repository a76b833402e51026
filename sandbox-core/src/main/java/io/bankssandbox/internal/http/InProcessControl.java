package io.bankssandbox.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The control routes and the /v0 reads, callable in the same JVM without HTTP: the typed
 * {@code Sandbox} handle goes through here. A call runs the same filters a request runs after the transport (clock catch-up,
 * validation against the operation's schema, binding the command, then the route's own handler), so a
 * typed call and an HTTP call can never disagree about a rule. There is no admin token to check:
 * whoever holds the handle started the sandbox; a /v0 read sees every entity, as a key with {@code *}
 * does, and is not journaled (it is not a request the application under test made).
 */
public final class InProcessControl {
    private final List<Filter> chain;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();

    InProcessControl(List<Filter> chain) {
        this.chain = chain;
    }

    void register(Route route) {
        routes.put(route.operation().method() + " " + route.operation().pathTemplate(), route);
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
        return call(method, pathTemplate, pathParams, Map.of(), body);
    }

    /** The same, with query parameters ({@code limit}, {@code cursor}, filters), checked as a request's are. */
    public Answer call(String method, String pathTemplate, Map<String, String> pathParams, Map<String, String> query,
                       JsonNode body) {
        Route route = routes.get(method + " " + pathTemplate);
        if (route == null) {
            throw new IllegalArgumentException("no in-process route " + method + " " + pathTemplate);
        }
        Exchange exchange = new Exchange(chain, null, HttpPipeline.Family.CONTROL, route, method, pathTemplate,
                pathParams);
        exchange.caller = AuthFilter.ADMIN;
        exchange.inProcessQuery = query;
        exchange.requestBody = body != null ? body
                : ("POST".equals(method) || "PUT".equals(method)) ? JsonNodeFactory.instance.objectNode() : null;
        if (route.streamedBody() != null && exchange.requestBody != null) {
            // a route that reads its body as a stream reads the caller's document the same way
            byte[] bytes = exchange.requestBody.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            exchange.requestStream = new StreamedRequestBody(new java.io.ByteArrayInputStream(bytes),
                    route.streamedBody().bytes(), route.streamedBody().name());
        }
        exchange.proceed();
        return exchange.error != null ? new Answer(exchange.status, null, exchange.error.messages())
                : new Answer(exchange.status, exchange.body, List.of());
    }
}
