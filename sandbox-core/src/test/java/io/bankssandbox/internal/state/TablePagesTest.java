package io.bankssandbox.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A table's listings: oldest or newest first by time then id, per partition, pages after a key
 * (exclusive) with a next key only when a row passing the filter follows, several partitions merged
 * in order, and a replaced row moved to its new place and partition.
 */
class TablePagesTest {
    record Row(String id, String account, Instant at) {}

    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");

    private static Table<Row> oldestFirst() {
        return Table.ascending("rows", Row.class, Row::id, r -> new SortKey(r.at(), r.id()), Row::account);
    }

    private static Table<Row> newestFirst() {
        return Table.descending("rows", Row.class, Row::id, r -> new SortKey(r.at(), r.id()), Row::account);
    }

    private static Row row(String id, String account, int minute) {
        return new Row(id, account, T0.plusSeconds(60L * minute));
    }

    private static List<String> ids(Iterable<Row> rows) {
        List<String> ids = new java.util.ArrayList<>();
        rows.forEach(r -> ids.add(r.id()));
        return ids;
    }

    @Test
    void rowsAreListedByTimeThenIdOldestOrNewestFirst() {
        for (Table<Row> table : List.of(oldestFirst(), newestFirst())) {
            table.put(row("b", "acct_1", 1));
            table.put(row("c", "acct_1", 0));
            table.put(row("a", "acct_1", 1));
            List<String> expected = table.page(null, r -> true, null, 10).items().stream().map(Row::id).toList();
            assertThat(ids(table.all())).isEqualTo(expected);
        }
        Table<Row> ascending = oldestFirst();
        Table<Row> descending = newestFirst();
        for (Row r : List.of(row("b", "acct_1", 1), row("c", "acct_1", 0), row("a", "acct_1", 1))) {
            ascending.put(r);
            descending.put(r);
        }
        assertThat(ids(ascending.all())).containsExactly("c", "a", "b");
        assertThat(ids(descending.all())).containsExactly("b", "a", "c");
        assertThat(ascending.size()).isEqualTo(3);
        assertThat(ascending.name()).isEqualTo("rows");
        assertThat(ascending.type()).isEqualTo(Row.class);
        assertThat(ascending.idOf(row("z", null, 0))).isEqualTo("z");
    }

    @Test
    void aPageStopsAtItsLimitAndNamesItsLastKeyOnlyWhenARowFollows() {
        Table<Row> table = oldestFirst();
        for (int i = 0; i < 5; i++) {
            table.put(row("r" + i, "acct_1", i));
        }
        Page<Row> first = table.page(null, r -> true, null, 2);
        assertThat(ids(first.items())).containsExactly("r0", "r1");
        assertThat(first.hasNext()).isTrue();
        assertThat(first.last()).isEqualTo(new SortKey(T0.plusSeconds(60), "r1"));
        Page<Row> second = table.page(null, r -> true, first.last(), 2);
        assertThat(ids(second.items())).containsExactly("r2", "r3");
        Page<Row> last = table.page(null, r -> true, second.last(), 2);
        assertThat(ids(last.items())).containsExactly("r4");
        assertThat(last.hasNext()).isFalse();
        assertThat(last.last()).isNull();

        Page<Row> exactly = table.page(null, r -> true, null, 5);
        assertThat(exactly.items()).hasSize(5);
        assertThat(exactly.hasNext()).as("five rows, a limit of five: nothing follows").isFalse();
        // rows the filter drops after the limit do not count as following
        Page<Row> filtered = table.page(null, r -> !r.id().equals("r4"), null, 4);
        assertThat(ids(filtered.items())).containsExactly("r0", "r1", "r2", "r3");
        assertThat(filtered.hasNext()).isFalse();
        assertThat(ids(table.page(null, r -> r.id().compareTo("r2") >= 0, null, 10).items()))
                .containsExactly("r2", "r3", "r4");
    }

    @Test
    void partitionsAreListedOnTheirOwnAndMergedInOrderAcrossSeveral() {
        Table<Row> table = newestFirst();
        table.put(row("a1", "acct_a", 1));
        table.put(row("b2", "acct_b", 2));
        table.put(row("a3", "acct_a", 3));
        table.put(row("c4", "acct_c", 4));
        table.put(row("b5", "acct_b", 5));
        table.put(row("x6", null, 6));
        assertThat(ids(table.inPartition("acct_a"))).containsExactly("a3", "a1");
        assertThat(table.inPartition("acct_none")).isEmpty();
        assertThat(ids(table.page(List.of("acct_a", "acct_b"), r -> true, null, 10).items()))
                .containsExactly("b5", "a3", "b2", "a1");
        assertThat(ids(table.page(List.of("acct_b"), r -> true, null, 10).items())).containsExactly("b5", "b2");
        assertThat(ids(table.page(List.of("acct_none", "acct_c"), r -> true, null, 10).items())).containsExactly("c4");
        assertThat(table.page(List.of("acct_none"), r -> true, null, 10).items()).isEmpty();
        Page<Row> merged = table.page(List.of("acct_a", "acct_b", "acct_c"), r -> true, null, 2);
        assertThat(ids(merged.items())).containsExactly("b5", "c4");
        assertThat(ids(table.page(List.of("acct_a", "acct_b", "acct_c"), r -> true, merged.last(), 10).items()))
                .containsExactly("a3", "b2", "a1");
        assertThat(ids(table.all())).containsExactly("x6", "b5", "c4", "a3", "b2", "a1");
    }

    @Test
    void aPartitionsRowsBetweenTwoKeysIncludeBoth() {
        Table<Row> table = oldestFirst();
        for (int i = 0; i < 5; i++) {
            table.put(row("r" + i, "acct_1", i));
        }
        assertThat(ids(table.inPartitionBetween("acct_1", new SortKey(T0.plusSeconds(60), "r1"),
                new SortKey(T0.plusSeconds(180), "r3")))).containsExactly("r1", "r2", "r3");
        assertThat(table.inPartitionBetween("acct_2", new SortKey(T0, "a"), new SortKey(T0, "z"))).isEmpty();
    }

    @Test
    void aReplacedRowMovesToItsNewPlaceAndPartition() {
        Table<Row> table = oldestFirst();
        table.put(row("r1", "acct_a", 1));
        table.put(row("r2", "acct_a", 2));
        table.put(row("r1", "acct_b", 3));
        assertThat(table.size()).isEqualTo(2);
        assertThat(ids(table.all())).containsExactly("r2", "r1");
        assertThat(ids(table.inPartition("acct_a"))).containsExactly("r2");
        assertThat(ids(table.inPartition("acct_b"))).containsExactly("r1");
        assertThat(table.get("r1")).isEqualTo(row("r1", "acct_b", 3));
        assertThat(table.get(null)).isNull();
        table.put(row("r2", null, 4));
        assertThat(table.inPartition("acct_a")).isEmpty();
        assertThat(ids(table.all())).containsExactly("r1", "r2");
    }

    @Test
    void aCopyHasTheSameRowsAndChangesApartFromTheOriginal() {
        Table<Row> table = oldestFirst();
        table.put(row("r1", "acct_a", 1));
        Table<Row> copy = table.copy();
        copy.put(row("r2", "acct_a", 2));
        table.put(row("r3", "acct_a", 3));
        assertThat(ids(copy.all())).containsExactly("r1", "r2");
        assertThat(ids(copy.inPartition("acct_a"))).containsExactly("r1", "r2");
        assertThat(ids(table.inPartition("acct_a"))).containsExactly("r1", "r3");
    }

    @Test
    void putsAreNotedForTheWriteOnlyOnceAStateRecordsThemLastVersionFirstPutOrder() {
        Table<Row> table = oldestFirst();
        ChangeSet changes = new ChangeSet();
        table.noteChangesIn(changes);
        table.put(row("r1", "acct_a", 1));
        assertThat(changes.isEmpty()).as("not recording yet").isTrue();
        changes.record(true);
        table.put(row("r1", "acct_a", 1));
        table.put(row("r2", "acct_a", 2));
        table.put(row("r1", "acct_b", 3));
        assertThat(changes.isEmpty()).isFalse();
        List<ChangeSet.Put> puts = changes.drain();
        assertThat(puts).extracting(ChangeSet.Put::id).containsExactly("r1", "r2");
        assertThat(puts.get(0).row()).isEqualTo(row("r1", "acct_b", 3));
        assertThat(puts.get(0).table()).isEqualTo("rows");
        assertThat(changes.drain()).isEmpty();
        assertThat(changes.isEmpty()).isTrue();
        table.put(row("r3", "acct_a", 4));
        changes.record(true); // starting again drops what was noted
        assertThat(changes.drain()).isEmpty();
    }
}
