package io.bankssandbox.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * What the sandbox's /v0 API was asked and answered, newest last, so a test can verify what its
 * code sent. Bounded so a sandbox left running for days keeps steady memory: at most
 * {@code capacity} entries and about {@code maxBytes} of bodies (a body may be up to 1 MiB, so the
 * entry count alone would allow gigabytes); the oldest entries drop out first. The Authorization
 * header is never recorded.
 */
public final class RequestJournal {
    public record Entry(long sequence, Instant at, String method, String path, String idempotencyKey,
                        JsonNode requestBody, int status, JsonNode responseBody) {}

    public static final int DEFAULT_CAPACITY = 10_000;
    public static final long DEFAULT_MAX_BYTES = 32L * 1024 * 1024;
    /** What an entry costs besides its bodies: the record, its strings, the deque slot. */
    private static final long ENTRY_OVERHEAD = 256;

    private record Sized(Entry entry, long bytes) {}

    private final int capacity;
    private final long maxBytes;
    private final ArrayDeque<Sized> entries = new ArrayDeque<>();
    private long sequence;
    private long bytes;

    public RequestJournal(int capacity) {
        this(capacity, DEFAULT_MAX_BYTES);
    }

    public RequestJournal(int capacity, long maxBytes) {
        this.capacity = capacity;
        this.maxBytes = maxBytes;
    }

    public synchronized void record(Instant at, String method, String path, String idempotencyKey,
                                    JsonNode requestBody, int status, JsonNode responseBody) {
        Entry entry = new Entry(++sequence, at, method, path, idempotencyKey, requestBody, status, responseBody);
        long size = ENTRY_OVERHEAD + path.length() + estimate(requestBody) + estimate(responseBody);
        entries.addLast(new Sized(entry, size));
        bytes += size;
        while (entries.size() > capacity || bytes > maxBytes && entries.size() > 1) {
            bytes -= entries.removeFirst().bytes();
        }
    }

    public synchronized List<Entry> entries() {
        List<Entry> out = new ArrayList<>(entries.size());
        entries.forEach(sized -> out.add(sized.entry()));
        return out;
    }

    public synchronized int size() {
        return entries.size();
    }

    /** The estimated bytes the kept entries hold. */
    public synchronized long bytes() {
        return bytes;
    }

    public synchronized void clear() {
        entries.clear();
        bytes = 0;
    }

    /** Roughly what a JSON tree occupies: its text plus a fixed cost per node. */
    static long estimate(JsonNode node) {
        if (node == null) {
            return 0;
        }
        if (node.isTextual()) {
            return 48 + 2L * node.textValue().length();
        }
        if (node.isContainerNode()) {
            long total = 64;
            if (node.isObject()) {
                for (var it = node.fields(); it.hasNext(); ) {
                    var field = it.next();
                    total += 48 + 2L * field.getKey().length() + estimate(field.getValue());
                }
            } else {
                for (JsonNode child : node) {
                    total += 8 + estimate(child);
                }
            }
            return total;
        }
        return 24;
    }
}
