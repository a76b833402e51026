package io.bankssandbox.control;

import java.util.Map;

/**
 * How the typed controls of the {@code Sandbox} handle reach the control routes: a call runs the
 * route's own handler in this JVM, behind the same schema and rules as an HTTP request, and answers
 * the record the route renders. A refusal throws {@code io.bankssandbox.SandboxException} with the
 * status and messages an HTTP client would have got.
 */
public interface ControlCalls {
    /**
     * Calls the route {@code method pathTemplate} ({@code /_sandbox/cards/{card_id}/authorizations});
     * {@code body} is a record written as the wire's snake_case JSON, null fields left out.
     */
    <T> T call(String method, Class<T> answer, String pathTemplate, Map<String, String> pathParams, Object body);

    default <T> T post(Class<T> answer, String pathTemplate, Map<String, String> pathParams, Object body) {
        return call("POST", answer, pathTemplate, pathParams, body);
    }

    /**
     * Moves one record by hand: {@code POST <record>/<action>}, where {@code record} is the record's
     * path template ({@code /_sandbox/ach-transfers/{ach_transfer_id}}) and {@code idParameter} names
     * its id in it; {@code reason} (optional) is the body's one field.
     */
    default <T> T move(Class<T> answer, String record, String idParameter, String id, String action, String reason) {
        return post(answer, record + "/" + action, Map.of(idParameter, id), reason == null ? null : Map.of("reason", reason));
    }
}
