package io.bankssandbox.internal.state;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows one write put, the last version of each: what a durable store must append so that a
 * restart rebuilds the same state. Every change to a sandbox's data is a put of an immutable row
 * into a {@link Table}, so rows are the whole story (the timeline is derived from them; the id
 * sequence, the clock and the idempotency keys are read by the store itself).
 *
 * <p>Notes nothing until a durable store asks for it ({@link #record}), so an in-memory sandbox
 * pays one branch per put. Each state has its own; writes are exclusive, so one writer fills it at
 * a time. Not thread-safe: the state lock guards it.
 */
public final class ChangeSet {
    /** One row as last put by the write: {@code table} is the table's name in the state document. */
    public record Put(String table, String id, Object row) {}

    private final Map<String, Put> rows = new LinkedHashMap<>();
    private boolean recording;

    /** Starts (or stops) noting puts; whatever was noted so far is dropped. */
    void record(boolean on) {
        recording = on;
        rows.clear();
    }

    void put(String table, String id, Object row) {
        if (recording) {
            rows.put(table + '\n' + id, new Put(table, id, row));
        }
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** What was put since the last drain, in the order each row was first put; empty afterwards. */
    public List<Put> drain() {
        if (rows.isEmpty()) {
            return List.of();
        }
        List<Put> drained = new ArrayList<>(rows.values());
        rows.clear();
        return drained;
    }
}
