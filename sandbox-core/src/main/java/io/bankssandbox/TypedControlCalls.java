package io.bankssandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bankssandbox.internal.control.ControlCalls;
import io.bankssandbox.internal.http.InProcessControl;
import io.bankssandbox.internal.state.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Typed requests in (or a /v0 read), the route's own answer out; a refusal becomes the public {@link SandboxException}. */
final class TypedControlCalls implements ControlCalls {
    private final InProcessControl control;

    TypedControlCalls(InProcessControl control) {
        this.control = control;
    }

    @Override
    public <T> T call(String method, Class<T> answer, String pathTemplate, Map<String, String> pathParams,
                      Object body) {
        return answered(answer, control.call(method, pathTemplate, pathParams, body == null ? null : withoutNulls(body)));
    }

    @Override
    public <T> T read(Class<T> answer, String pathTemplate, Map<String, String> pathParams, Map<String, String> query) {
        return answered(answer, control.call("GET", pathTemplate, pathParams, query, null));
    }

    private static <T> T answered(Class<T> answer, InProcessControl.Answer result) {
        if (result.refused()) {
            throw new SandboxException(result.status(), result.messages());
        }
        return answer.cast(result.body());
    }

    private static JsonNode withoutNulls(Object body) {
        JsonNode tree = Json.MAPPER.valueToTree(body);
        strip(tree);
        return tree;
    }

    /** An absent optional field is left out, not sent as null (which the schemas refuse). */
    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> nulls = new ArrayList<>();
            object.fields().forEachRemaining(field -> {
                if (field.getValue().isNull()) {
                    nulls.add(field.getKey());
                } else {
                    strip(field.getValue());
                }
            });
            object.remove(nulls);
        } else if (node != null && node.isArray()) {
            node.forEach(TypedControlCalls::strip);
        }
    }
}
