package io.bankssandbox.internal.requests;

import static org.assertj.core.api.Assertions.assertThat;

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
}
