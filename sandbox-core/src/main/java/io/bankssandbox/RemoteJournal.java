package io.bankssandbox;

import io.bankssandbox.internal.requests.JournalEntry;
import io.bankssandbox.internal.requests.RequestPattern;
import java.util.List;

/** {@link Sandbox.Journal} over HTTP: {@code /_sandbox/requests}, matched as faults match. */
final class RemoteJournal implements Sandbox.Journal {
    private static final String REQUESTS = "/_sandbox/requests";

    private final ControlApi api;

    RemoteJournal(ControlApi api) {
        this.api = api;
    }

    @Override
    public List<RecordedRequest> requests() {
        return entries().stream().map(Values::request).toList();
    }

    @Override
    public List<RecordedRequest> requests(String method, String path) {
        return entries().stream().filter(e -> RequestPattern.matches(method, path, e.method(), e.path()))
                .map(Values::request).toList();
    }

    private List<JournalEntry> entries() {
        return api.decodeEach(api.get(REQUESTS).path("data"), JournalEntry.class);
    }

    @Override
    public void clear() {
        api.delete(REQUESTS);
    }
}
