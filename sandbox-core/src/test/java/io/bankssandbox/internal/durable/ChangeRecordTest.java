package io.bankssandbox.internal.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.clock.SandboxClock;
import io.bankssandbox.internal.http.IdempotencyStore;
import io.bankssandbox.internal.state.ChangeSet;
import io.bankssandbox.internal.state.IdGenerator;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.webhooks.WebhookEndpoint;
import io.bankssandbox.internal.webhooks.WebhooksModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One line of the log as JSON: only the parts a write changed (rows by table, the id counter, the
 * clock's anchor, stored idempotency keys), and replaying it sets exactly those.
 */
class ChangeRecordTest {
    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    private static final Instant WALL = Instant.parse("2026-11-27T08:30:00.125Z");

    private static WebhookEndpoint endpoint(String id, String url) {
        return new WebhookEndpoint(id, T0, url, "lm_key_test", List.of("transaction.created"), null, "control", null);
    }

    private static SandboxState emptyState() {
        return new SandboxState(WebhooksModel.PART, List.of(new ApiKey("lm_key_test", "all", List.of(ApiKey.ALL))),
                new IdGenerator(1, IdGenerator.FIRST_RUNTIME_COUNTER), T0);
    }

    private static IdempotencyStore.Entry key(String key) {
        return new IdempotencyStore.Entry("lm_key_test", key, "POST", "/v0/cards", "hash", T0, 201, "card", "card_1");
    }

    private static JsonNode read(byte[] json) throws IOException {
        return Json.MAPPER.readTree(new String(json, StandardCharsets.UTF_8));
    }

    @Test
    void aRecordOfAWriteThatChangedNothingButItsSeqIsTheSeqAlone() {
        assertThat(new String(ChangeRecord.encode(7, List.of(), null, null, List.of()), StandardCharsets.UTF_8))
                .isEqualTo("{\"seq\":7}");
    }

    @Test
    void aRecordHoldsItsRowsByTableTheIdCounterAndTheClockAnchor() throws IOException {
        WebhookEndpoint a = endpoint("webhook_endpoint_a", "inbox");
        WebhookEndpoint b = endpoint("webhook_endpoint_b", "http://receiver.test/b");
        byte[] json = ChangeRecord.encode(8, List.of(new ChangeSet.Put("webhook_endpoints", a.id(), a),
                        new ChangeSet.Put("webhook_endpoints", b.id(), b)), 1_000_012L,
                new SandboxClock.Anchor(T0, WALL), List.of());
        JsonNode record = read(json);
        assertThat(record.fieldNames()).toIterable().containsExactly("seq", "rows", "sequence_next", "clock");
        assertThat(record.get("seq").asLong()).isEqualTo(8);
        assertThat(record.get("rows").fieldNames()).toIterable().containsExactly("webhook_endpoints");
        assertThat(record.at("/rows/webhook_endpoints/0/id").asText()).isEqualTo("webhook_endpoint_a");
        assertThat(record.at("/rows/webhook_endpoints/1/url").asText()).isEqualTo("http://receiver.test/b");
        assertThat(record.get("sequence_next").asLong()).isEqualTo(1_000_012L);
        assertThat(record.get("clock").toString())
                .isEqualTo("{\"now\":\"2026-03-02T15:00:00.000Z\",\"wall_clock\":\"2026-11-27T08:30:00.125Z\"}");
    }

    @Test
    void replayingARecordPutsItsRowsResumesTheIdsAndMovesTheClock() throws IOException {
        WebhookEndpoint a = endpoint("webhook_endpoint_a", "inbox");
        SandboxState state = emptyState();
        state.table(WebhookEndpoint.TABLE).put(endpoint("webhook_endpoint_a", "http://before.test/"));
        ChangeRecord.Replayed replayed = new ChangeRecord.Replayed(new SandboxClock.Anchor(T0.minusSeconds(5), WALL),
                List.of(key("key_from_snapshot")));
        ChangeRecord.apply(read(ChangeRecord.encode(9, List.of(new ChangeSet.Put("webhook_endpoints", a.id(), a)),
                1_000_020L, new SandboxClock.Anchor(T0, WALL), List.of(key("key_one_xx"), key("key_two_xx")))),
                state, replayed);
        assertThat(state.table(WebhookEndpoint.TABLE).all()).containsExactly(a);
        assertThat(state.ids.next()).isEqualTo(1_000_020L);
        assertThat(replayed.clock).isEqualTo(new SandboxClock.Anchor(T0, WALL));
        assertThat(replayed.idempotencyKeys).containsExactly(key("key_from_snapshot"), key("key_one_xx"),
                key("key_two_xx"));
    }

    @Test
    void replayingARecordWithoutCounterOrClockLeavesThemAsTheyWere() throws IOException {
        SandboxState state = emptyState();
        SandboxClock.Anchor before = new SandboxClock.Anchor(T0.minusSeconds(5), WALL);
        ChangeRecord.Replayed replayed = new ChangeRecord.Replayed(before, List.of());
        ChangeRecord.apply(read(ChangeRecord.encode(10, List.of(), null, null, List.of(key("key_three_x")))), state,
                replayed);
        assertThat(state.ids.next()).isEqualTo(IdGenerator.FIRST_RUNTIME_COUNTER);
        assertThat(replayed.clock).isEqualTo(before);
        assertThat(replayed.idempotencyKeys).containsExactly(key("key_three_x"));
        assertThat(state.table(WebhookEndpoint.TABLE).size()).isZero();
    }

    @Test
    void rowsOfATableTheStateDoesNotHaveAreNotReplayable() {
        JsonNode record = Json.MAPPER.createObjectNode().put("seq", 3).set("rows",
                Json.MAPPER.createObjectNode().set("castles", Json.MAPPER.createArrayNode()));
        assertThatThrownBy(() -> ChangeRecord.apply(record, emptyState(), new ChangeRecord.Replayed(null, List.of())))
                .isInstanceOf(IOException.class).hasMessage("rows of an unknown table castles");
    }
}
