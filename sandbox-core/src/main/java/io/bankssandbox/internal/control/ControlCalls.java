package io.bankssandbox.internal.control;

import io.bankssandbox.internal.http.PageView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the typed controls and reads of the {@code Sandbox} handle reach the control routes and the
 * /v0 reads: a call runs the route's own handler in this JVM, behind the same schema and rules as an
 * HTTP request, and answers the record the route renders. A refusal throws {@code io.bankssandbox.SandboxException} with the
 * status and messages an HTTP client would have got.
 */
public interface ControlCalls {
    /**
     * Calls the route {@code method pathTemplate} ({@code /_sandbox/cards/{card_id}/authorizations});
     * {@code body} is a record written as the wire's snake_case JSON, null fields left out.
     */
    <T> T call(String method, Class<T> answer, String pathTemplate, Map<String, String> pathParams, Object body);

    /**
     * Reads a /v0 route ({@code GET /v0/accounts/{account_id}}) as a key that sees every entity would;
     * {@code query} holds its query parameters. Unknown ids are refused as the API refuses them (404).
     */
    <T> T read(Class<T> answer, String pathTemplate, Map<String, String> pathParams, Map<String, String> query);

    /** Every item of a paginated /v0 list, in the list's order, its pages walked by cursor. */
    default <T> List<T> readAll(Class<T> item, String pathTemplate, Map<String, String> pathParams,
                                Map<String, String> query) {
        List<T> items = new ArrayList<>();
        String cursor = null;
        do {
            Map<String, String> pageQuery = new HashMap<>(query);
            pageQuery.put("limit", "100");
            if (cursor != null) {
                pageQuery.put("cursor", cursor);
            }
            PageView<?> page = read(PageView.class, pathTemplate, pathParams, pageQuery);
            page.data().forEach(found -> items.add(item.cast(found)));
            cursor = page.hasNext() ? page.cursor() : null;
        } while (cursor != null);
        return items;
    }

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
