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
 *
 * <p>Control requests that change state (clock advances, simulations, accept/decline, faults,
 * imports) are kept too, but apart: {@link #entries()} stays the /v0 journal, and
 * {@link #session()} interleaves both in order, which is what a scenario export needs to replay
 * a session on a fresh sandbox.
 */
public final class RequestJournal {
    public record Entry(long sequence, Instant at, String method, String path, String idempotencyKey,
                        JsonNode requestBody, int status, JsonNode responseBody) {}

    /**
     * One exchange of the session: a /v0 request, or a state-changing control request.
     * {@code apiKeyIndex} is the position (from 1) of the fixture key that made it, 0 for none:
     * enough for an export to replay it as the same caller without ever holding the key.
     */
    public record Step(boolean control, Entry entry, int apiKeyIndex) {}

    public static final int DEFAULT_CAPACITY = 10_000;
    public static final long DEFAULT_MAX_BYTES = 32L * 1024 * 1024;
    /** What an entry costs besides its bodies: the record, its strings, the deque slot. */
    private static final long ENTRY_OVERHEAD = 256;

    private record Sized(Step step, long bytes) {}

    private final int capacity;
    private final long maxBytes;
    private final ArrayDeque<Sized> steps = new ArrayDeque<>();
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
        add(false, at, method, path, idempotencyKey, requestBody, status, responseBody, 0);
    }

    /** A /v0 exchange made with the fixture set's {@code apiKeyIndex}-th key (from 1; 0 when unauthenticated). */
    public synchronized void record(Instant at, String method, String path, String idempotencyKey,
                                    JsonNode requestBody, int status, JsonNode responseBody, int apiKeyIndex) {
        add(false, at, method, path, idempotencyKey, requestBody, status, responseBody, apiKeyIndex);
    }

    /** A control request that changed (or tried to change) the sandbox's state. */
    public synchronized void recordControl(Instant at, String method, String path, JsonNode requestBody, int status,
                                           JsonNode responseBody) {
        add(true, at, method, path, null, requestBody, status, responseBody, 0);
    }

    private void add(boolean control, Instant at, String method, String path, String idempotencyKey,
                     JsonNode requestBody, int status, JsonNode responseBody, int apiKeyIndex) {
        Entry entry = new Entry(++sequence, at, method, path, idempotencyKey, requestBody, status, responseBody);
        long size = ENTRY_OVERHEAD + path.length() + estimate(requestBody) + estimate(responseBody);
        steps.addLast(new Sized(new Step(control, entry, apiKeyIndex), size));
        bytes += size;
        while (steps.size() > capacity || bytes > maxBytes && steps.size() > 1) {
            bytes -= steps.removeFirst().bytes();
        }
    }

    /** The /v0 exchanges, oldest first. */
    public synchronized List<Entry> entries() {
        List<Entry> out = new ArrayList<>(steps.size());
        for (Sized sized : steps) {
            if (!sized.step().control()) {
                out.add(sized.step().entry());
            }
        }
        return out;
    }

    /** /v0 and state-changing control exchanges together, oldest first. */
    public synchronized List<Step> session() {
        List<Step> out = new ArrayList<>(steps.size());
        steps.forEach(sized -> out.add(sized.step()));
        return out;
    }

    /** How many exchanges are kept, /v0 and control together. */
    public synchronized int size() {
        return steps.size();
    }

    /** The estimated bytes the kept entries hold. */
    public synchronized long bytes() {
        return bytes;
    }

    public synchronized void clear() {
        steps.clear();
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
