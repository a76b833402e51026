package io.bankssandbox.internal.requests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.junit.jupiter.api.Test;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which requests a fault or a journal query picks: the method ({@code *} or equal ignoring case),
 * the path exactly or as a prefix before a trailing {@code *}, the query string ignored unless the
 * pattern has one.
 */
class RequestPatternTest {

    @ParameterizedTest(name = "{0} {1} picks {2} {3}: {4}")
    @CsvSource({
            "*,    /v0/cards,             DELETE, /v0/cards,                       true",
            "GET,  /v0/cards,             get,    /v0/cards,                       true",
            "post, /v0/cards,             POST,   /v0/cards,                       true",
            "GET,  /v0/cards,             POST,   /v0/cards,                       false",
            "GET,  /v0/cards,             GET,    /v0/cards/card_1,                false",
            "GET,  /v0/cards/card_1,      GET,    /v0/cards,                       false",
            "GET,  /v0/cards*,            GET,    /v0/cards/card_1,                true",
            "GET,  /v0/cards*,            GET,    /v0/cards,                       true",
            "GET,  /v0/cards/*,           GET,    /v0/cards,                       false",
            "GET,  /v0/cards*,            GET,    /v0/card,                        false",
            "GET,  /v0/accounts,          GET,    /v0/accounts?entity_id=entity_1, true",
            "GET,  /v0/accounts?limit=1,  GET,    /v0/accounts?limit=1,            true",
            "GET,  /v0/accounts?limit=1,  GET,    /v0/accounts?limit=2,            false",
            "GET,  /v0/accounts?limit=1,  GET,    /v0/accounts,                    false",
            "GET,  /v0/accounts?*,        GET,    /v0/accounts?limit=5,            true",
            "GET,  /v0/accounts*,         GET,    /v0/accounts?limit=5,            true",
            "GET,  /v0/accounts/*,        GET,    /v0/accounts?limit=5,            false",
            "GET,  *,                     GET,    /anything?at=all,                true",
    })
    void aPatternPicksTheRequestsItsMethodAndPathSay(String method, String path, String requestMethod,
                                                     String requestTarget, boolean picked) {
        assertThat(RequestPattern.matches(method, path, requestMethod, requestTarget)).isEqualTo(picked);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"POST, /v0/cards*, true", "GET, /v0/cards*, false", "POST, /v0/account*, false"})
    void aFaultAndAJournalEntryPickAsThePatternDoes(String method, String path, boolean picked) {
        Fault fault = new Fault(method, path, 503, null, java.util.Map.of(), 0, false, false, 1);
        assertThat(fault.matches("POST", "/v0/cards?x=1")).isEqualTo(picked);
        JournalEntry entry = new JournalEntry(1, java.time.Instant.EPOCH, "POST", "/v0/cards?x=1", null, null, 201, null);
        assertThat(entry.matches(method, path)).isEqualTo(picked);
    }

    private static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    @Test
    void aFaultReadFromItsRequestTakesTheDefaultsOfWhatItLeavesOut() throws Exception {
        Fault fault = Fault.fromRequest(json("{\"method\":\"post\",\"path\":\"/v0/cards\",\"status\":503}"));
        assertThat(fault).isEqualTo(new Fault("POST", "/v0/cards", 503, null, Map.of(), 0, false, false, 1));
        assertThat(Fault.fromRequest(json("{\"method\":\"GET\",\"path\":\"/v0/cards\",\"status\":500,"
                + "\"body\":null}")).body()).isNull();
    }

    @Test
    void aFaultReadFromItsRequestKeepsEverythingItSays() throws Exception {
        Fault fault = Fault.fromRequest(json("{\"method\":\"*\",\"path\":\"/v0/*\",\"status\":429,"
                + "\"body\":{\"message\":\"slow down\"},\"headers\":{\"Retry-After\":\"7\",\"X-B\":\"b\"},"
                + "\"delay_ms\":250,\"after_processing\":true,\"times\":3}"));
        assertThat(fault.method()).isEqualTo("*");
        assertThat(fault.status()).isEqualTo(429);
        assertThat(fault.body()).isEqualTo(json("{\"message\":\"slow down\"}"));
        assertThat(fault.headers()).containsExactly(Map.entry("Retry-After", "7"), Map.entry("X-B", "b"));
        assertThatThrownBy(() -> fault.headers().put("X-C", "c")).isInstanceOf(UnsupportedOperationException.class);
        assertThat(fault.delayMs()).isEqualTo(250);
        assertThat(fault.afterProcessing()).isTrue();
        assertThat(fault.closeConnection()).isFalse();
        assertThat(fault.times()).isEqualTo(3);
        assertThat(fault.times(1)).isEqualTo(new Fault("*", "/v0/*", 429, json("{\"message\":\"slow down\"}"),
                Map.of("Retry-After", "7", "X-B", "b"), 250, true, false, 1));

        Fault reset = Fault.fromRequest(json("{\"method\":\"GET\",\"path\":\"/v0/cards\",\"close_connection\":true}"));
        assertThat(reset.status()).isNull();
        assertThat(reset.closeConnection()).isTrue();
        assertThat(reset.headers()).isEmpty();
    }
}
