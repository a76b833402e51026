package io.bankssandbox.internal.http;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * The two error bodies of the real service. Most routes answer NestJS's
 * {@code {statusCode, error, message}} ({@code message} an array for validation, a string
 * otherwise); the external-account routes answer {@code {error}} with one sentence.
 */
public enum ErrorShape {
    NEST {
        @Override
        public ObjectNode render(ApiException e) {
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            body.put("statusCode", e.status());
            body.put("error", reasonPhrase(e.status()));
            if (e.isValidation()) {
                e.messages().forEach(body.putArray("message")::add);
            } else {
                body.put("message", e.messages().get(0));
            }
            return body;
        }
    },
    SIMPLE {
        @Override
        public ObjectNode render(ApiException e) {
            ObjectNode body = JsonNodeFactory.instance.objectNode();
            // one sentence naming the field and the rule, even for auth failures
            body.put("error", e.status() == 401
                    ? "Authorization header must be 'Bearer <API key>' with a key this sandbox knows"
                    : e.messages().get(0));
            return body;
        }
    };

    /** The shape of the routes at {@code path} (a path no route serves included): {@code {error}} on external accounts. */
    public static ErrorShape atPath(String path) {
        return path.startsWith("/v0/external-accounts") ? SIMPLE : NEST;
    }

    private static final Map<Integer, String> REASONS = Map.ofEntries(
            Map.entry(400, "Bad Request"),
            Map.entry(401, "Unauthorized"),
            Map.entry(403, "Forbidden"),
            Map.entry(404, "Not Found"),
            Map.entry(405, "Method Not Allowed"),
            Map.entry(408, "Request Timeout"),
            Map.entry(409, "Conflict"),
            Map.entry(413, "Payload Too Large"),
            Map.entry(414, "URI Too Long"),
            Map.entry(415, "Unsupported Media Type"),
            Map.entry(422, "Unprocessable Entity"),
            Map.entry(429, "Too Many Requests"),
            Map.entry(431, "Request Header Fields Too Large"),
            Map.entry(500, "Internal Server Error"),
            Map.entry(502, "Bad Gateway"),
            Map.entry(503, "Service Unavailable"),
            Map.entry(504, "Gateway Timeout"));

    public abstract ObjectNode render(ApiException e);

    public static String reasonPhrase(int status) {
        return REASONS.getOrDefault(status, "Error");
    }
}
