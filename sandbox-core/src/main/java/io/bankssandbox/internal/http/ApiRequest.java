package io.bankssandbox.internal.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.access.Caller;
import java.io.InputStream;
import java.util.Map;

/**
 * A request that passed auth, idempotency and schema validation: what a route needs to call the
 * domain. Query values are already checked against the operation's parameter schemas and carry their
 * defaults; {@code command} is the body bound to the route's command record (null when it takes
 * none); {@code address} is where the client reached the sandbox, which every URL it hands out starts
 * with ({@link #baseUrl()}); {@code bodyStream} is the body of a route that reads it itself (see
 * {@link ApiRouter#putStreamed}), else null.
 */
public record ApiRequest(
        Caller caller,
        Map<String, String> pathParams,
        Map<String, String> query,
        JsonNode body,
        Object command,
        ClientAddress address,
        InputStream bodyStream) {

    /** Where the client reached this sandbox: {@code scheme://host[:port][prefix]}, no trailing slash. */
    public String baseUrl() {
        return address.baseUrl();
    }

    public String path(String name) {
        return pathParams.get(name);
    }

    /** A query value, or null when absent and without default. */
    public String query(String name) {
        return query.get(name);
    }

    /** A text field of the body, or null when the body or the field is absent or null. */
    public String bodyText(String field) {
        JsonNode value = body == null ? null : body.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    public int queryInt(String name) {
        return Integer.parseInt(query.get(name));
    }
}
