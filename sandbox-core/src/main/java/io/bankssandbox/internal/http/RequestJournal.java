package io.bankssandbox.internal.http;

import io.bankssandbox.internal.requests.JournalEntry;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;

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
 *
 * <p>Bodies are kept as the JSON bytes that went over the wire, not as trees: the request path
 * serializes each answer once anyway, a byte array is a fraction of a tree's size and one object
 * for the collector instead of dozens, and the journal is written on every request but read only
 * when a test or a client asks. Entries are parsed back into trees when they are read.
 */
public final class RequestJournal {
    /**
     * One exchange of the session: a /v0 request, or a state-changing control request.
     * {@code apiKeyIndex} is the position (from 1) of the fixture key that made it, 0 for none:
     * enough for an export to replay it as the same caller without ever holding the key.
     */
    public record Step(boolean control, JournalEntry entry, int apiKeyIndex) {}

    public static final int DEFAULT_CAPACITY = 10_000;
    public static final long DEFAULT_MAX_BYTES = 32L * 1024 * 1024;
    /** What an entry costs besides its bodies: the record, its strings, the deque slot. */
    private static final long ENTRY_OVERHEAD = 256;
    /** What a byte array costs besides its bytes (header and length). */
    private static final long ARRAY_OVERHEAD = 16;

    /** An exchange as kept: bodies as JSON bytes (null when there was none). */
    private record Kept(boolean control, long sequence, Instant at, String method, String path,
                        String idempotencyKey, byte[] requestBody, int status, byte[] responseBody,
                        int apiKeyIndex, ServedFault fault, long bytes) {
        JournalEntry entry() {
            return new JournalEntry(sequence, at, method, path, idempotencyKey, parse(requestBody), status,
                    parse(responseBody), fault == null ? null : new JournalEntry.Faulted(fault.fault().afterProcessing(),
                            fault.fault().closeConnection(), fault.processedStatus(), parse(fault.processedJson())));
        }

        Step step() {
            return new Step(control, entry(), apiKeyIndex);
        }
    }

    private final int capacity;
    private final long maxBytes;
    private final ArrayDeque<Kept> steps = new ArrayDeque<>();
    /** The last /v0 entry's number: /v0 entries count among themselves, so control steps leave no gaps. */
    private long sequence;
    private long controlSequence;
    private long bytes;

    public RequestJournal(int capacity) {
        this(capacity, DEFAULT_MAX_BYTES);
    }

    public RequestJournal(int capacity, long maxBytes) {
        this.capacity = capacity;
        this.maxBytes = maxBytes;
    }

    public void record(Instant at, String method, String path, String idempotencyKey,
                       JsonNode requestBody, int status, JsonNode responseBody) {
        recordJson(at, method, path, idempotencyKey, bytes(requestBody), status, bytes(responseBody), 0, null);
    }

    /** A /v0 exchange made with the fixture set's {@code apiKeyIndex}-th key (from 1; 0 when unauthenticated). */
    public void record(Instant at, String method, String path, String idempotencyKey,
                       JsonNode requestBody, int status, JsonNode responseBody, int apiKeyIndex) {
        recordJson(at, method, path, idempotencyKey, bytes(requestBody), status, bytes(responseBody), apiKeyIndex, null);
    }

    /**
     * A /v0 exchange whose bodies are already JSON bytes (each a single JSON value, or null for
     * none); the journal keeps the arrays as they are, so callers must not change them afterwards.
     * {@code fault}: the scripted fault that answered it, or null.
     */
    synchronized void recordJson(Instant at, String method, String path, String idempotencyKey, byte[] requestBody,
                                 int status, byte[] responseBody, int apiKeyIndex, ServedFault fault) {
        add(false, at, method, path, idempotencyKey, requestBody, status, responseBody, apiKeyIndex, fault);
    }

    /** A control request that changed (or tried to change) the sandbox's state. */
    public void recordControl(Instant at, String method, String path, JsonNode requestBody, int status,
                              JsonNode responseBody) {
        recordControlJson(at, method, path, bytes(requestBody), status, bytes(responseBody));
    }

    /** {@link #recordControl} with bodies already as JSON bytes (see {@link #recordJson}). */
    public synchronized void recordControlJson(Instant at, String method, String path, byte[] requestBody,
                                               int status, byte[] responseBody) {
        add(true, at, method, path, null, requestBody, status, responseBody, 0, null);
    }

    private void add(boolean control, Instant at, String method, String path, String idempotencyKey,
                     byte[] requestBody, int status, byte[] responseBody, int apiKeyIndex, ServedFault fault) {
        long size = ENTRY_OVERHEAD + 2L * path.length() + size(requestBody) + size(responseBody)
                + (fault == null ? 0 : ENTRY_OVERHEAD + size(fault.processedJson()));
        long number = control ? ++controlSequence : ++sequence;
        steps.addLast(new Kept(control, number, at, method, path, idempotencyKey, requestBody, status,
                responseBody, apiKeyIndex, fault, size));
        bytes += size;
        while (steps.size() > capacity || bytes > maxBytes && steps.size() > 1) {
            bytes -= steps.removeFirst().bytes();
        }
    }

    /** The /v0 exchanges, oldest first. */
    public List<JournalEntry> entries() {
        return entries((method, path) -> true);
    }

    /**
     * The /v0 exchanges whose method and request target pass {@code filter}, oldest first: only
     * those are parsed, so picking a few out of a full journal stays cheap.
     */
    public List<JournalEntry> entries(BiPredicate<String, String> filter) {
        List<Kept> picked = new ArrayList<>();
        synchronized (this) {
            for (Kept kept : steps) {
                if (!kept.control() && filter.test(kept.method(), kept.path())) {
                    picked.add(kept);
                }
            }
        }
        // parsed outside the lock: requests being served keep recording meanwhile
        List<JournalEntry> out = new ArrayList<>(picked.size());
        picked.forEach(kept -> out.add(kept.entry()));
        return out;
    }

    /** /v0 and state-changing control exchanges together, oldest first. */
    public List<Step> session() {
        List<Kept> all;
        synchronized (this) {
            all = new ArrayList<>(steps);
        }
        List<Step> out = new ArrayList<>(all.size());
        all.forEach(kept -> out.add(kept.step()));
        return out;
    }

    /** How many exchanges are kept, /v0 and control together. */
    public synchronized int size() {
        return steps.size();
    }

    /** The bytes the kept entries hold, estimated: their bodies' JSON plus a fixed cost per entry. */
    public synchronized long bytes() {
        return bytes;
    }

    public synchronized void clear() {
        steps.clear();
        bytes = 0;
    }

    private static long size(byte[] body) {
        return body == null ? 0 : ARRAY_OVERHEAD + body.length;
    }

    private static byte[] bytes(JsonNode node) {
        if (node == null) {
            return null;
        }
        try {
            return Json.MAPPER.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A kept body back as a tree; each read gets its own, so no reader can change another's. */
    private static JsonNode parse(byte[] body) {
        if (body == null) {
            return null;
        }
        try {
            return Json.MAPPER.readTree(body);
        } catch (IOException e) {
            // only JSON the sandbox itself wrote or already parsed gets here
            throw new UncheckedIOException(e);
        }
    }
}
