package io.bankssandbox.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * What the sandbox's /v0 API was asked and answered, newest last, so a test can verify what its
 * code sent. Bounded (oldest entries drop out) so a sandbox left running keeps steady memory. The
 * Authorization header is never recorded.
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

    private final int capacity;
    private final ArrayDeque<Step> steps = new ArrayDeque<>();
    private long sequence;

    public RequestJournal(int capacity) {
        this.capacity = capacity;
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
        if (steps.size() == capacity) {
            steps.removeFirst();
        }
        steps.addLast(new Step(control, new Entry(++sequence, at, method, path, idempotencyKey, requestBody, status,
                responseBody), apiKeyIndex));
    }

    /** The /v0 exchanges, oldest first. */
    public synchronized List<Entry> entries() {
        List<Entry> out = new ArrayList<>(steps.size());
        for (Step step : steps) {
            if (!step.control()) {
                out.add(step.entry());
            }
        }
        return out;
    }

    /** /v0 and state-changing control exchanges together, oldest first. */
    public synchronized List<Step> session() {
        return new ArrayList<>(steps);
    }

    public synchronized void clear() {
        steps.clear();
    }
}
