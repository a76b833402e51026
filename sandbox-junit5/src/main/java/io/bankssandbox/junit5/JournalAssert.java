package io.bankssandbox.junit5;

import io.bankssandbox.RecordedRequest;
import io.bankssandbox.Sandbox;

import java.util.List;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;

/** Assertions on a sandbox's request journal; failures list what the sandbox did receive. */
public final class JournalAssert extends AbstractAssert<JournalAssert, Sandbox.Journal> {

    JournalAssert(Sandbox.Journal journal) {
        super(journal, JournalAssert.class);
    }

    /**
     * At least one {@code method} request to {@code path} (without its query string, or exactly with
     * it; a trailing {@code *} matches a prefix). The answer narrows those requests further.
     */
    public RequestAssert hasRequest(String method, String path) {
        isNotNull();
        List<RecordedRequest> matching = actual.requests(method, path);
        if (matching.isEmpty()) {
            failWithMessage("Expected a %s %s request, but the sandbox received:%n%s", method, path,
                    describe(actual.requests()));
        }
        return new RequestAssert(method + " " + path, matching, actual.requests());
    }

    public JournalAssert hasNoRequest(String method, String path) {
        isNotNull();
        List<RecordedRequest> matching = actual.requests(method, path);
        if (!matching.isEmpty()) {
            failWithMessage("Expected no %s %s request, but the sandbox received:%n%s", method, path,
                    describe(matching));
        }
        return this;
    }

    public JournalAssert hasRequestCount(String method, String path, int expected) {
        isNotNull();
        List<RecordedRequest> matching = actual.requests(method, path);
        if (matching.size() != expected) {
            failWithMessage("Expected %d %s %s request(s), but found %d among:%n%s", expected, method, path,
                    matching.size(), describe(actual.requests()));
        }
        return this;
    }

    public JournalAssert isEmpty() {
        isNotNull();
        if (!actual.requests().isEmpty()) {
            failWithMessage("Expected no requests, but the sandbox received:%n%s", describe(actual.requests()));
        }
        return this;
    }

    static String describe(List<RecordedRequest> entries) {
        if (entries.isEmpty()) {
            return "  (nothing)";
        }
        return entries.stream().map(e -> "  " + e.method() + " " + e.path() + " -> " + e.status()
                        + (e.idempotencyKey() == null ? "" : " [Idempotency-Key " + e.idempotencyKey() + "]"))
                .collect(Collectors.joining(System.lineSeparator()));
    }
}
