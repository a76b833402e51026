package io.bankssandbox.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.http.RequestJournal;
import io.bankssandbox.requests.JournalEntry;
import io.bankssandbox.state.Json;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioExportTest {
    private static final Instant START = Instant.parse("2026-03-02T15:00:00Z");

    private static JsonNode json(String text) throws Exception {
        return Json.MAPPER.readTree(text);
    }

    private static RequestJournal.Step api(String at, String method, String path, String key, String body, int status,
                                           String answer, int keyIndex) throws Exception {
        return new RequestJournal.Step(false, new JournalEntry(1, Instant.parse(at), method, path, key,
                body == null ? null : json(body), status, json(answer)), keyIndex);
    }

    @Test
    void timeThatPassedOnARunningClockBecomesAnAdvanceToBeforeTheRequestItPreceded() throws Exception {
        List<RequestJournal.Step> session = List.of(
                api("2026-03-02T15:00:00.200Z", "GET", "/v0/entities", null, null, 200, "{\"data\":[]}", 1),
                api("2026-03-02T15:00:00.700Z", "GET", "/v0/accounts", null, null, 200, "{\"data\":[]}", 1),
                api("2026-03-02T16:30:05.000Z", "GET", "/v0/accounts", null, null, 200, "{\"data\":[]}", 1),
                new RequestJournal.Step(true, new JournalEntry(2, Instant.parse("2026-03-03T16:30:05Z"), "POST",
                        "/_sandbox/clock/advance", null, json("{\"by\":\"P1D\"}"), 200,
                        json("{\"now\":\"2026-03-03T16:30:05.000Z\",\"events\":[]}")), 0),
                api("2026-03-03T16:30:05.100Z", "GET", "/v0/entities", null, null, 200, "{\"data\":[]}", 1));
        JsonNode steps = ScenarioExport.of(session, "default", 42, START, 1).get("steps");
        assertThat(steps).hasSize(6);
        assertThat(steps.get(0).has("request")).isTrue();
        assertThat(steps.get(1).has("request")).isTrue(); // half a second between clicks is not waiting
        assertThat(steps.get(2).get("advance_to").asText()).isEqualTo("2026-03-02T16:30:05Z");
        assertThat(steps.get(4).get("advance_to").asText()).isEqualTo("2026-03-03T16:30:05Z"); // the control advance, absolute
        assertThat(steps.get(5).has("request")).isTrue();
    }

    @Test
    void expectationsLeaveOutTimestampsAndUrlsAndRequestsKeepTheirIdempotencyKey() throws Exception {
        List<RequestJournal.Step> session = List.of(
                api("2026-03-02T15:00:00Z", "POST", "/v0/cards", "key-0000000001", "{\"nickname\":\"x\"}", 201,
                        "{\"id\":\"card_1\",\"created_at\":\"2026-03-02T15:00:00.000Z\",\"hold\":{\"released_at\":null,\"status\":\"held\"},"
                                + "\"url\":\"http://127.0.0.1:4242/x\",\"payment\":{\"date\":\"2026-03-02\",\"amount\":5}}", 1),
                api("2026-03-02T15:00:00Z", "GET", "/v0/accounts", null, null, 200, "{\"data\":[]}", 2),
                api("2026-03-02T15:00:00Z", "GET", "/v0/accounts", null, null, 401,
                        "{\"statusCode\":401,\"error\":\"Unauthorized\",\"message\":\"Unauthorized\"}", 0));
        JsonNode steps = ScenarioExport.of(session, "default", 42, START, 1).get("steps");
        JsonNode card = steps.get(0);
        assertThat(card.at("/request/headers/Idempotency-Key").asText()).isEqualTo("key-0000000001");
        assertThat(card.at("/request/headers/Authorization").isMissingNode()).isTrue();
        assertThat(card.at("/expect/body").toString())
                .isEqualTo("{\"id\":\"card_1\",\"hold\":{\"status\":\"held\"},\"payment\":{\"amount\":5}}");
        assertThat(steps.get(1).at("/request/headers/Authorization").asText()).isEqualTo("Bearer ${api_key_2}");
        assertThat(steps.get(2).at("/request/headers/Authorization").isNull()).isTrue();
    }
}
