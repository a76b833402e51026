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
}
