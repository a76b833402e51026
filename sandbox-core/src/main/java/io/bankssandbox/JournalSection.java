package io.bankssandbox;

import io.bankssandbox.internal.requests.RequestPattern;
import java.util.List;

/** {@link Sandbox.Journal}: the request journal of {@code /_sandbox/requests}. */
final class JournalSection implements Sandbox.Journal {
    private final Operator operator;

    JournalSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public List<RecordedRequest> requests() {
        return operator.runtime().journal().entries().stream().map(Values::request).toList();
    }

    @Override
    public List<RecordedRequest> requests(String method, String path) {
        // filtered before the bodies are parsed: a full journal holds thousands of entries
        return operator.runtime().journal()
                .entries((entryMethod, target) -> RequestPattern.matches(method, path, entryMethod, target))
                .stream().map(Values::request).toList();
    }

    @Override
    public void clear() {
        operator.runtime().journal().clear();
    }
}
