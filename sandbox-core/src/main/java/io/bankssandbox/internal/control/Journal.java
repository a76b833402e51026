package io.bankssandbox.internal.control;

import io.bankssandbox.internal.http.RequestJournal;
import io.bankssandbox.internal.requests.JournalEntry;
import io.bankssandbox.internal.requests.RequestPattern;
import java.util.List;
import java.util.Map;

/**
 * The /v0 requests a sandbox served since its last reset ({@code /_sandbox/requests}), oldest
 * first: method, request target, Idempotency-Key, bodies and status, never an Authorization value.
 * AssertJ users get fluent checks from {@code io.bankssandbox.junit5.SandboxAssertions}.
 */
public final class Journal {
    private final RequestJournal journal;
    private final ControlCalls calls;

    public Journal(RequestJournal journal, ControlCalls calls) {
        this.journal = journal;
        this.calls = calls;
    }

    public List<JournalEntry> entries() {
        return journal.entries();
    }

    /**
     * The entries matching {@code method} and {@code path} as faults do ({@link RequestPattern}): a
     * path ending in {@code *} matches as a prefix ({@code /v0/cards/*}), one without {@code ?}
     * ignores the query string.
     */
    public List<JournalEntry> requests(String method, String path) {
        // filtered before the bodies are parsed: a full journal holds thousands of entries
        return journal.entries((entryMethod, target) -> RequestPattern.matches(method, path, entryMethod, target));
    }

    /** Forgets what was served so far, so a test can look only at what follows. */
    public void clear() {
        calls.call("DELETE", Object.class, "/_sandbox/requests", Map.of(), null);
    }
}
