package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.requests.JournalEntry;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The journal's two bounds, to the entry and to the byte: at most {@code capacity} entries, and about
 * {@code maxBytes}, each entry counted as 256 bytes plus two per character of its path plus its bodies
 * (16 bytes per array besides its length) and, for a fault after processing, another 256 plus the real
 * answer it replaced.
 */
class RequestJournalBoundsTest {
    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");

    private static void record(RequestJournal journal, String path, int requestBytes, int responseBytes, ServedFault fault) {
        journal.recordJson(T0, "POST", path, null, json(requestBytes), 201, json(responseBytes), 1, fault);
    }

    /** A JSON string of exactly {@code length} bytes. */
    private static byte[] json(int length) {
        return ("\"" + "x".repeat(length - 2) + "\"").getBytes();
    }

    @Test
    void anEntryCountsItsOverheadItsPathTwiceItsBodiesAndTheAnswerAFaultReplaced() {
        RequestJournal journal = new RequestJournal(10, Long.MAX_VALUE);
        record(journal, "/v0/cards", 10, 20, null);
        assertThat(journal.bytes()).isEqualTo(256 + 2 * 9 + (16 + 10) + (16 + 20));

        record(journal, "/v0/cards", 10, 20, new ServedFault(null, 201, json(5)));
        assertThat(journal.bytes()).isEqualTo(2 * (256 + 2 * 9 + (16 + 10) + (16 + 20)) + 256 + 16 + 5);

        journal.recordControl(T0, "POST", "/_sandbox/reset", null, 200, null);
        assertThat(journal.bytes()).isEqualTo(2 * (256 + 2 * 9 + (16 + 10) + (16 + 20)) + 256 + 16 + 5 + 256 + 2 * 15);
    }

    @Test
    void exactlyCapacityEntriesAreKeptAndTheOldestGoesFirst() {
        RequestJournal journal = new RequestJournal(2, Long.MAX_VALUE);
        record(journal, "/v0/a", 2, 2, null);
        record(journal, "/v0/b", 2, 2, null);
        assertThat(journal.size()).isEqualTo(2);

        record(journal, "/v0/c", 2, 2, null);
        assertThat(journal.entries()).extracting(JournalEntry::path).containsExactly("/v0/b", "/v0/c");
        assertThat(journal.bytes()).isEqualTo(2 * (256 + 2 * 5 + 2 * (16 + 2)));
    }

    @Test
    void exactlyMaxBytesAreKeptAndOneByteMoreDropsTheOldestButNeverTheLastEntry() {
        long entry = 256 + 2 * 5 + 2 * (16 + 2);
        RequestJournal journal = new RequestJournal(100, 2 * entry);
        record(journal, "/v0/a", 2, 2, null);
        record(journal, "/v0/b", 2, 2, null);
        assertThat(journal.size()).isEqualTo(2);

        record(journal, "/v0/c", 3, 2, null);
        assertThat(journal.entries()).extracting(JournalEntry::path).containsExactly("/v0/c");
        assertThat(journal.bytes()).isEqualTo(entry + 1);

        // one entry bigger than the whole bound is still kept: the journal's last exchange is always there
        record(journal, "/v0/d", 3000, 2, null);
        assertThat(journal.entries()).extracting(JournalEntry::path).containsExactly("/v0/d");
    }
}
