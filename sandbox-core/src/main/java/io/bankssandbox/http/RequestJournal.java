package io.bankssandbox.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * What the sandbox's /v0 API was asked and answered, newest last, so a test can verify what its
 * code sent. Bounded (oldest entries drop out) so a sandbox left running keeps steady memory. The
 * Authorization header is never recorded; the key's description is, to tell callers apart.
 */
public final class RequestJournal {
    public record Entry(long sequence, Instant at, String method, String path, String idempotencyKey,
                        JsonNode requestBody, int status, JsonNode responseBody) {}

    public static final int DEFAULT_CAPACITY = 10_000;

    private final int capacity;
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private long sequence;

    public RequestJournal(int capacity) {
        this.capacity = capacity;
    }

    public synchronized void record(Instant at, String method, String path, String idempotencyKey,
                                    JsonNode requestBody, int status, JsonNode responseBody) {
        if (entries.size() == capacity) {
            entries.removeFirst();
        }
        entries.addLast(new Entry(++sequence, at, method, path, idempotencyKey, requestBody, status, responseBody));
    }

    public synchronized List<Entry> entries() {
        return new ArrayList<>(entries);
    }

    public synchronized void clear() {
        entries.clear();
    }
}
