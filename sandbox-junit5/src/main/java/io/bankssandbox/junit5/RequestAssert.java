package io.bankssandbox.junit5;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bankssandbox.RecordedRequest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.assertj.core.api.AbstractAssert;

/**
 * The journal's requests matching a method and path, narrowed step by step: each {@code with...}
 * keeps the requests that satisfy it and fails when none is left.
 */
public final class RequestAssert extends AbstractAssert<RequestAssert, List<RecordedRequest>> {
    /** Reads bodies and expected values alike: its defaults are all a comparison of JSON values needs. */
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String description;
    private final List<RecordedRequest> all;

    RequestAssert(String description, List<RecordedRequest> matching, List<RecordedRequest> all) {
        super(matching, RequestAssert.class);
        this.description = description;
        this.all = all;
    }

    public RequestAssert withIdempotencyKey(String key) {
        return narrow("with Idempotency-Key " + key, e -> key.equals(e.idempotencyKey()));
    }

    public RequestAssert withStatus(int status) {
        return narrow("answered " + status, e -> e.status() == status);
    }

    /**
     * A request body field equals {@code expected}: {@code field} is a top-level name or a JSON
     * pointer ({@code /authorization_controls/usage/category}); {@code expected} is compared as JSON.
     */
    public RequestAssert withBodyField(String field, Object expected) {
        JsonNode wanted = JSON.valueToTree(expected);
        String pointer = field.startsWith("/") ? field : "/" + field;
        return narrow("with body " + pointer + " = " + wanted,
                e -> e.requestBody() != null && sameJson(tree(e.requestBody()).at(pointer), wanted));
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            return JSON.missingNode();
        }
    }

    /** Numbers compare by value: 5000 sent as a long and 5000 expected as an int are the same amount. */
    private static boolean sameJson(JsonNode actual, JsonNode expected) {
        if (actual.isNumber() && expected.isNumber()) {
            return actual.decimalValue().compareTo(expected.decimalValue()) == 0;
        }
        return Objects.equals(actual, expected);
    }

    /** Exactly {@code count} requests are left after the narrowing so far. */
    public RequestAssert times(int count) {
        if (actual.size() != count) {
            failWithMessage("Expected %d %s request(s), but found %d among:%n%s", count, description, actual.size(),
                    JournalAssert.describe(all));
        }
        return this;
    }

    /** The requests still matching, for checks of your own. */
    public List<RecordedRequest> requests() {
        return actual;
    }

    private RequestAssert narrow(String condition, Predicate<RecordedRequest> test) {
        List<RecordedRequest> left = actual.stream().filter(test).toList();
        if (left.isEmpty()) {
            failWithMessage("Expected a %s request %s, but the %s requests were:%n%s", description, condition,
                    description, JournalAssert.describe(actual));
        }
        return new RequestAssert(description + " " + condition, left, all);
    }
}
