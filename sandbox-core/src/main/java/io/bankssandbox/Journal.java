package io.bankssandbox;

import io.bankssandbox.http.RequestJournal;
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

    Journal(RequestJournal journal, ControlCalls calls) {
        this.journal = journal;
        this.calls = calls;
    }

    public List<RequestJournal.Entry> entries() {
        return journal.entries();
    }

    /**
     * The entries with this method whose path (without the query string) is {@code path}; a path
     * ending in {@code *} matches as a prefix ({@code /v0/cards/*}).
     */
    public List<RequestJournal.Entry> requests(String method, String path) {
        // filtered before the bodies are parsed: a full journal holds thousands of entries
        return journal.entries((entryMethod, target) -> matches(entryMethod, target, method, path));
    }

    /** Forgets what was served so far, so a test can look only at what follows. */
    public void clear() {
        calls.call("DELETE", Object.class, "/_sandbox/requests", Map.of(), null);
    }

    public static boolean matches(RequestJournal.Entry entry, String method, String path) {
        return matches(entry.method(), entry.path(), method, path);
    }

    private static boolean matches(String entryMethod, String requested, String method, String path) {
        if (!entryMethod.equalsIgnoreCase(method)) {
            return false;
        }
        int query = requested.indexOf('?');
        String bare = query < 0 ? requested : requested.substring(0, query);
        return path.endsWith("*") ? bare.startsWith(path.substring(0, path.length() - 1))
                : bare.equals(path) || requested.equals(path);
    }
}
