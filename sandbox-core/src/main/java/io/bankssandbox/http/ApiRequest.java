package io.bankssandbox.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.access.Caller;
import java.util.Map;

/**
 * A request that passed auth, idempotency and schema validation: what a route needs to build its
 * domain command. Query values are already checked against the operation's parameter schemas and
 * carry their defaults.
 */
public record ApiRequest(
        Caller caller,
        Map<String, String> pathParams,
        Map<String, String> query,
        JsonNode body,
        String origin) {

    /** {@code origin}: scheme, host and port the client reached the sandbox at, for links it hands out. */
    public ApiRequest(Caller caller, Map<String, String> pathParams, Map<String, String> query, JsonNode body) {
        this(caller, pathParams, query, body, null);
    }

    public String path(String name) {
        return pathParams.get(name);
    }

    /** A query value, or null when absent and without default. */
    public String query(String name) {
        return query.get(name);
    }

    public int queryInt(String name) {
        return Integer.parseInt(query.get(name));
    }
}
