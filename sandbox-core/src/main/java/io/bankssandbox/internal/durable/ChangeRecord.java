package io.bankssandbox.internal.durable;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.clock.SandboxClock;
import io.bankssandbox.internal.http.IdempotencyStore;
import io.bankssandbox.internal.state.ChangeSet;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.Table;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One line of the log: what one committed write changed, as the state document spells it, so a
 * record reads like a small export:
 * <pre>{"seq":7,"rows":{"cards":[{...}],"accounts":[{...}]},"sequence_next":1000012,
 *  "clock":{"now":"...","wall_clock":"..."},"idempotency_keys":[{...}]}</pre>
 * Every part is optional but {@code seq}. Rows are whole rows (the last version the write put), so
 * replaying a record sets them, whatever they were; the clock is the anchor it was set to, the
 * sequence the id counter after the write.
 */
final class ChangeRecord {
    private ChangeRecord() {}

    /** The JSON of a record; {@code sequenceNext} and {@code clock} are null when the write left them alone. */
    static byte[] encode(long seq, List<ChangeSet.Put> rows, Long sequenceNext, SandboxClock.Anchor clock,
                         List<IdempotencyStore.Entry> keys) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
        try (JsonGenerator json = Json.MAPPER.createGenerator(bytes)) {
            json.writeStartObject();
            json.writeNumberField("seq", seq);
            if (!rows.isEmpty()) {
                Map<String, List<Object>> byTable = new LinkedHashMap<>();
                for (ChangeSet.Put put : rows) {
                    byTable.computeIfAbsent(put.table(), t -> new ArrayList<>()).add(put.row());
                }
                json.writeObjectField("rows", byTable);
            }
            if (sequenceNext != null) {
                json.writeNumberField("sequence_next", sequenceNext);
            }
            if (clock != null) {
                json.writeObjectFieldStart("clock");
                json.writeStringField("now", Json.timestamp(clock.now()));
                json.writeStringField("wall_clock", Json.timestamp(clock.wallClock()));
                json.writeEndObject();
            }
            if (!keys.isEmpty()) {
                json.writeObjectField("idempotency_keys", keys);
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Applies a record read back from the log to a state being rebuilt. */
    static void apply(JsonNode record, SandboxState state, Replayed replayed) throws IOException {
        JsonNode rows = record.path("rows");
        for (Iterator<Map.Entry<String, JsonNode>> it = rows.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> table = it.next();
            Table<?> target = state.table(table.getKey());
            if (target == null) {
                throw new IOException("rows of an unknown table " + table.getKey());
            }
            for (JsonNode row : table.getValue()) {
                put(target, row);
            }
        }
        if (record.has("sequence_next")) {
            state.ids.resumeAt(record.get("sequence_next").asLong());
        }
        JsonNode clock = record.get("clock");
        if (clock != null) {
            replayed.clock = new SandboxClock.Anchor(Instant.parse(clock.get("now").asText()),
                    Instant.parse(clock.get("wall_clock").asText()));
        }
        for (JsonNode key : record.path("idempotency_keys")) {
            replayed.idempotencyKeys.add(Json.MAPPER.treeToValue(key, IdempotencyStore.Entry.class));
        }
    }

    private static <T> void put(Table<T> table, JsonNode row) throws IOException {
        table.put(Json.MAPPER.treeToValue(row, table.type()));
    }

    /** What replaying the log gathers besides rows: where the clock stands, and the keys stored since the snapshot. */
    static final class Replayed {
        SandboxClock.Anchor clock;
        final List<IdempotencyStore.Entry> idempotencyKeys = new ArrayList<>();

        Replayed(SandboxClock.Anchor clock, List<IdempotencyStore.Entry> idempotencyKeys) {
            this.clock = clock;
            this.idempotencyKeys.addAll(idempotencyKeys);
        }
    }
}
