package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.requests.JournalEntry;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RequestJournalNumbersTest {
    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");

    @Test
    void v0EntriesAreNumberedWithoutGapsWhenControlStepsComeBetween() {
        RequestJournal journal = new RequestJournal(100);
        journal.record(T0, "GET", "/v0/entities", null, null, 200, null);
        journal.recordControl(T0, "POST", "/_sandbox/clock/advance", null, 200, null);
        journal.recordControl(T0, "POST", "/_sandbox/reset", null, 200, null);
        journal.record(T0, "GET", "/v0/accounts", null, null, 200, null);

        assertThat(journal.entries()).extracting(JournalEntry::sequence).containsExactly(1L, 2L);
        // the session keeps both kinds in the order they happened
        assertThat(journal.session()).extracting(step -> step.entry().path())
                .containsExactly("/v0/entities", "/_sandbox/clock/advance", "/_sandbox/reset", "/v0/accounts");
    }
}
