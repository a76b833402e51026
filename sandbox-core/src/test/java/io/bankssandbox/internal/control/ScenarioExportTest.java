package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.http.RequestJournal;
import io.bankssandbox.internal.requests.JournalEntry;
import io.bankssandbox.internal.state.IdGenerator;
import io.bankssandbox.internal.state.Json;
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
        JsonNode steps = ScenarioExport.of(session, "default", 42, START, 1, null).get("steps");
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
        JsonNode steps = ScenarioExport.of(session, "default", 42, START, 1, null).get("steps");
        JsonNode card = steps.get(0);
        assertThat(card.at("/request/headers/Idempotency-Key").asText()).isEqualTo("key-0000000001");
        assertThat(card.at("/request/headers/Authorization").isMissingNode()).isTrue();
        assertThat(card.at("/expect/body").toString())
                .isEqualTo("{\"id\":\"card_1\",\"hold\":{\"status\":\"held\"},\"payment\":{\"amount\":5}}");
        assertThat(steps.get(1).at("/request/headers/Authorization").asText()).isEqualTo("Bearer ${api_key_2}");
        assertThat(steps.get(2).at("/request/headers/Authorization").isNull()).isTrue();
    }

    @Test
    void idsTheSessionCreatedBecomeVariablesSavedWhereFirstSeenAndUsedAfter() throws Exception {
        String card = IdGenerator.format("card_", 7, IdGenerator.FIRST_RUNTIME_COUNTER);
        String transaction = IdGenerator.format("transaction_", 7, IdGenerator.FIRST_RUNTIME_COUNTER + 1);
        String account = IdGenerator.format("account_", 7, 3); // a fixture's: the same under every seed
        List<RequestJournal.Step> session = List.of(
                api("2026-03-02T15:00:00Z", "POST", "/v0/cards", "k-1", "{\"bank_account_id\":\"" + account
                        + "\",\"nickname\":\"Fuel 2026\"}", 201, "{\"id\":\"" + card + "\",\"bank_account_id\":\""
                        + account + "\",\"nickname\":\"Fuel 2026\",\"last_4\":\"4821\"}", 1),
                new RequestJournal.Step(true, new JournalEntry(2, Instant.parse("2026-03-02T15:00:00Z"), "POST",
                        "/_sandbox/cards/" + card + "/authorizations", null, json("{\"amount\":600}"), 200,
                        json("{\"decision\":\"approved\",\"transaction\":{\"id\":\"" + transaction
                                + "\",\"trace\":\"021000021234567\"}}")), 0),
                api("2026-03-02T15:00:00Z", "GET", "/v0/cards/" + card, null, null, 200,
                        "{\"id\":\"" + card + "\",\"last_4\":\"4821\",\"bank_account_id\":\"" + account + "\"}", 1),
                api("2026-03-02T15:00:00Z", "GET", "/v0/transactions/" + transaction + "?card=" + card, null, null, 200,
                        "{\"id\":\"" + transaction + "\",\"amount\":-600}", 1));
        JsonNode steps = ScenarioExport.of(session, "default", 7, START, 1, null).get("steps");

        assertThat(steps.get(0).get("save").toString()).isEqualTo("{\"card_1\":\"$.id\"}");
        assertThat(steps.get(0).at("/request/body/bank_account_id").asText()).isEqualTo(account);
        assertThat(steps.get(0).at("/expect/body").toString()).isEqualTo("{\"id\":\"${card_1}\",\"bank_account_id\":\""
                + account + "\",\"nickname\":\"Fuel 2026\",\"last_4\":{\"$regex\":\"[0-9]{4}\"}}");
        assertThat(steps.get(1).at("/control/path").asText()).isEqualTo("/_sandbox/cards/${card_1}/authorizations");
        assertThat(steps.get(1).get("save").toString()).isEqualTo("{\"transaction_1\":\"$.transaction.id\"}");
        assertThat(steps.get(1).at("/expect/body/transaction/trace/$regex").asText()).isEqualTo("[0-9]{15}");
        assertThat(steps.get(2).has("save")).isFalse();
        assertThat(steps.get(2).at("/request/path").asText()).isEqualTo("/v0/cards/${card_1}");
        assertThat(steps.get(2).get("name").asText()).isEqualTo("GET /v0/cards/${card_1}");
        assertThat(steps.get(3).at("/request/path").asText()).isEqualTo("/v0/transactions/${transaction_1}?card=${card_1}");
        assertThat(steps.get(3).at("/expect/body/id").asText()).isEqualTo("${transaction_1}");
        assertThat(steps.toString()).doesNotContain(card).doesNotContain(transaction);
    }

    @Test
    void theShapeOfAGeneratedValueKeepsItsOtherCharactersLiterally() {
        assertThat(RecordedValues.shape("E1234567890123")).isEqualTo("E[0-9]{13}");
        assertThat(RecordedValues.shape("TRN*1*812345678*1066033492\\")).isEqualTo("TRN\\*[0-9]{1}\\*[0-9]{9}\\*[0-9]{10}\\\\");
        assertThat("TRN*1*899999999*1066033492\\").matches(RecordedValues.shape("TRN*1*812345678*1066033492\\"));
        assertThat(RecordedValues.isCreatedId(IdGenerator.format("inbound_ach_transfer_", 1, IdGenerator.FIRST_RUNTIME_COUNTER)))
                .isTrue();
        assertThat(RecordedValues.isCreatedId(IdGenerator.format("inbound_ach_transfer_", 1, 40))).isFalse();
        assertThat(RecordedValues.isCreatedId("card_123")).isFalse();
    }

    @Test
    void aValueTheFixtureStateHoldsStaysLiteralInsideACreatedObject() throws Exception {
        String card = IdGenerator.format("card_", 7, IdGenerator.FIRST_RUNTIME_COUNTER);
        List<RequestJournal.Step> session = List.of(api("2026-03-02T15:00:00Z", "POST", "/v0/cards", "k-1", "{}", 201,
                "{\"id\":\"" + card + "\",\"last_4\":\"4821\",\"blocked\":[\"7995\"]}", 1));
        JsonNode fixtures = json("{\"policy\":{\"blocked_merchant_category_codes\":[\"7995\"]}}");
        JsonNode expected = ScenarioExport.of(session, "default", 7, START, 1, fixtures).at("/steps/0/expect/body");
        assertThat(expected.toString()).isEqualTo("{\"id\":\"${card_1}\",\"last_4\":{\"$regex\":\"[0-9]{4}\"},\"blocked\":[\"7995\"]}");
    }

    private static RequestJournal.Step control(String at, String method, String path, String body, int status,
                                               String answer) throws Exception {
        return new RequestJournal.Step(true, new JournalEntry(2, Instant.parse(at), method, path, null,
                body == null ? null : json(body), status, json(answer)), 0);
    }

    @Test
    void eachStepCarriesTheKeyItWasSentWithAndExpectsAnAnswerItsRequestCouldBeRead() throws Exception {
        String error = "{\"statusCode\":400,\"error\":\"Bad Request\",\"message\":[\"x\"]}";
        List<RequestJournal.Step> session = List.of(
                api("2026-03-02T15:00:00Z", "POST", "/v0/cards", null, "{}", 400, error, 1),
                api("2026-03-02T15:00:00Z", "GET", "/v0/accounts", "k-get", null, 200, "{\"data\":[]}", 1),
                api("2026-03-02T15:00:00Z", "GET", "/v0/accounts/nobody", null, null, 404, error, 1),
                api("2026-03-02T15:00:00Z", "POST", "/v0/cards", "k-2", null, 400, error, 1),
                api("2026-03-02T15:00:00Z", "POST", "/v0/cards", "k-3", null, 201, "{\"nickname\":\"x\"}", 1),
                control("2026-03-02T15:00:00Z", "POST", "/_sandbox/faults", "{}", 201, "{\"status\":503}"));
        JsonNode steps = ScenarioExport.of(session, "default", 42, START, 1, null).get("steps");
        assertThat(steps).hasSize(6);
        // a POST sent without a key replays without one (null); a GET keeps a key it was sent with, and has none otherwise
        assertThat(steps.get(0).at("/request/headers/Idempotency-Key").isNull()).isTrue();
        assertThat(steps.get(1).at("/request/headers/Idempotency-Key").asText()).isEqualTo("k-get");
        assertThat(steps.get(2).at("/request/headers").isMissingNode()).isTrue();
        assertThat(steps.get(5).at("/control/headers").isMissingNode()).isTrue(); // control requests take no key
        // an answer is expected whole unless it refused a body that could not be read (there is none to replay)
        assertThat(steps.get(0).at("/expect/body").toString()).isEqualTo(error);
        assertThat(steps.get(2).at("/expect/body").toString()).isEqualTo(error);
        assertThat(steps.get(3).at("/expect").toString()).isEqualTo("{\"status\":400}");
        assertThat(steps.get(4).at("/expect/body").toString()).isEqualTo("{\"nickname\":\"x\"}");
        assertThat(steps.get(5).at("/expect/body").toString()).isEqualTo("{\"status\":503}");
    }

    @Test
    void aGapOfASecondOrMoreBeforeAnApiRequestIsWaitingAndAControlRequestNeverWaits() throws Exception {
        String card = IdGenerator.format("card_", 7, IdGenerator.FIRST_RUNTIME_COUNTER);
        List<RequestJournal.Step> session = List.of(
                api("2026-03-02T15:00:01Z", "GET", "/v0/accounts", null, null, 200, "{\"data\":[]}", 1),
                api("2026-03-02T15:00:01.900Z", "GET", "/v0/accounts", null, null, 200, "{\"data\":[]}", 1),
                control("2026-03-02T15:00:09Z", "POST", "/_sandbox/faults", "{}", 201, "{\"status\":503}"),
                control("2026-03-02T15:00:09Z", "POST", "/_sandbox/clock/advance", "{\"by\":\"PT1H\"}", 200,
                        "{\"now\":\"2026-03-02T16:00:09Z\",\"events\":[{\"type\":\"card.created\",\"id\":\"" + card + "\"}]}"),
                control("2026-03-02T16:00:09Z", "POST", "/_sandbox/clock/advance", "{\"by\":\"PT1H\"}", 200,
                        "{\"now\":\"2026-03-02T17:00:09Z\",\"events\":[]}"));
        JsonNode steps = ScenarioExport.of(session, "default", 42, START, 1, null).get("steps");
        assertThat(steps).hasSize(6);
        assertThat(steps.get(0).get("advance_to").asText()).isEqualTo("2026-03-02T15:00:01Z"); // exactly a second
        assertThat(steps.get(1).has("request")).isTrue();
        assertThat(steps.get(2).has("request")).isTrue(); // 0.9 s after the last request, not after the start
        assertThat(steps.get(3).has("control")).isTrue();
        assertThat(steps.get(4).toString()).isEqualTo("{\"advance_to\":\"2026-03-02T16:00:09Z\","
                + "\"save\":{\"card_1\":\"$.events[0].id\"}}");
        assertThat(steps.get(5).toString()).isEqualTo("{\"advance_to\":\"2026-03-02T17:00:09Z\"}");
    }

    @Test
    void onlyWhatACreatedObjectHoldsIsExpectedByItsShapeNestedObjectsIncluded() throws Exception {
        String card = IdGenerator.format("card_", 7, IdGenerator.FIRST_RUNTIME_COUNTER);
        String account = IdGenerator.format("account_", 7, 3);
        List<RequestJournal.Step> session = List.of(api("2026-03-02T15:00:00Z", "GET", "/v0/x", null, null, 200,
                "{\"account\":{\"id\":\"" + account + "\",\"number\":\"1234567890\"},\"card\":{\"id\":\"" + card
                        + "\",\"billing\":{\"zip\":\"78701\"}}}", 1));
        JsonNode expected = ScenarioExport.of(session, "default", 7, START, 1, null).at("/steps/0/expect/body");
        assertThat(expected.toString()).isEqualTo("{\"account\":{\"id\":\"" + account + "\",\"number\":\"1234567890\"},"
                + "\"card\":{\"id\":\"${card_1}\",\"billing\":{\"zip\":{\"$regex\":\"[0-9]{5}\"}}}}");
    }
}
