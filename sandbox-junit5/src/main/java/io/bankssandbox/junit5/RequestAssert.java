package io.bankssandbox.junit5;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.requests.JournalEntry;
import io.bankssandbox.internal.state.Json;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.assertj.core.api.AbstractAssert;

/**
 * The journal's requests matching a method and path, narrowed step by step: each {@code with...}
 * keeps the requests that satisfy it and fails when none is left.
 */
public final class RequestAssert extends AbstractAssert<RequestAssert, List<JournalEntry>> {
    private final String description;
    private final List<JournalEntry> all;

    RequestAssert(String description, List<JournalEntry> matching, List<JournalEntry> all) {
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
        JsonNode wanted = Json.MAPPER.valueToTree(expected);
        String pointer = field.startsWith("/") ? field : "/" + field;
        return narrow("with body " + pointer + " = " + wanted,
                e -> e.requestBody() != null && sameJson(e.requestBody().at(pointer), wanted));
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
    public List<JournalEntry> requests() {
        return actual;
    }

    private RequestAssert narrow(String condition, Predicate<JournalEntry> test) {
        List<JournalEntry> left = actual.stream().filter(test).toList();
        if (left.isEmpty()) {
            failWithMessage("Expected a %s request %s, but the %s requests were:%n%s", description, condition,
                    description, JournalAssert.describe(actual));
        }
        return new RequestAssert(description + " " + condition, left, all);
    }
}
