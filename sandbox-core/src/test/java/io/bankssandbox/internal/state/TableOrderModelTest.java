package io.bankssandbox.internal.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * A table's order against a plain sorted map of the same rows, under random puts: rows in order and
 * out of order (a state file read newest first, a row dated in the past), replacements that keep
 * their key, move in time or change partition; then every listing, page after every key, range and
 * copy must read as the sorted map does.
 */
class TableOrderModelTest {
    record Row(String id, String account, Instant at, int version) {}

    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    private static final List<String> ACCOUNTS = List.of("acct_a", "acct_b", "acct_c");

    private static SortKey keyOf(Row row) {
        return new SortKey(row.at(), row.id());
    }

    private static Table<Row> table(boolean descending) {
        return descending
                ? Table.descending("rows", Row.class, Row::id, TableOrderModelTest::keyOf, Row::account)
                : Table.ascending("rows", Row.class, Row::id, TableOrderModelTest::keyOf, Row::account);
    }

    @Test
    void everyListingReadsAsASortedMapOfTheSameRowsWhateverOrderTheyCameIn() {
        checkAgainstTheModel(40, 0);
    }

    /** Past the shift limit a row far out of order leaves the array to be sorted by the next read. */
    @Test
    void aTableLargerThanTheShiftLimitReadsTheSame() {
        checkAgainstTheModel(4, SortedRows.SHIFT_LIMIT + 500);
    }

    private static void checkAgainstTheModel(int seeds, int rowsFirst) {
        for (long seed = 1; seed <= seeds; seed++) {
            for (boolean descending : new boolean[] {false, true}) {
                Random random = new Random(seed);
                Table<Row> table = table(descending);
                Map<String, Row> model = new HashMap<>();
                for (int i = 0; i < rowsFirst; i++) {
                    Row row = new Row(String.format("f%05d", i), ACCOUNTS.get(i % ACCOUNTS.size()), T0.plusSeconds(100 + i), 0);
                    table.put(row);
                    model.put(row.id(), row);
                }
                int ops = 1 + random.nextInt(300);
                for (int i = 0; i < ops; i++) {
                    Row row = nextRow(random, model, i);
                    table.put(row);
                    model.put(row.id(), row);
                    if (random.nextInt(25) == 0) {
                        assertSame(table, model, descending, random);
                    }
                }
                assertSame(table, model, descending, random);
                Table<Row> copy = table.copy();
                Map<String, Row> copied = new HashMap<>(model);
                Row later = new Row("zz_after_copy", "acct_a", T0.plusSeconds(1), 0);
                copy.put(later);
                copied.put(later.id(), later);
                assertSame(copy, copied, descending, random);
                assertSame(table, model, descending, random);
            }
        }
    }

    private static Row nextRow(Random random, Map<String, Row> model, int i) {
        String account = random.nextInt(10) == 0 ? null : ACCOUNTS.get(random.nextInt(ACCOUNTS.size()));
        if (!model.isEmpty() && random.nextInt(3) == 0) {
            List<Row> rows = new ArrayList<>(model.values());
            Row old = rows.get(random.nextInt(rows.size()));
            return switch (random.nextInt(3)) {
                case 0 -> new Row(old.id(), old.account(), old.at(), old.version() + 1);   // keeps its place
                case 1 -> new Row(old.id(), old.account(), T0.plusSeconds(random.nextInt(50)), old.version() + 1);
                default -> new Row(old.id(), account, old.at(), old.version() + 1);           // another partition
            };
        }
        // mostly in order, as rows made at the clock's now; now and then out of order
        int second = random.nextInt(4) == 0 ? random.nextInt(50) : 50 + i;
        return new Row(String.format("r%04d", random.nextInt(10_000)) + "_" + i, account, T0.plusSeconds(second), 0);
    }

    private static void assertSame(Table<Row> table, Map<String, Row> model, boolean descending, Random random) {
        Comparator<SortKey> order = descending ? Comparator.<SortKey>naturalOrder().reversed() : Comparator.naturalOrder();
        TreeMap<SortKey, Row> all = new TreeMap<>(order);
        Map<String, TreeMap<SortKey, Row>> byAccount = new HashMap<>();
        for (Row row : model.values()) {
            all.put(keyOf(row), row);
            if (row.account() != null) {
                byAccount.computeIfAbsent(row.account(), a -> new TreeMap<>(order)).put(keyOf(row), row);
            }
        }
        assertThat(new ArrayList<>(table.all())).isEqualTo(new ArrayList<>(all.values()));
        assertThat(table.size()).isEqualTo(model.size());
        for (String account : ACCOUNTS) {
            TreeMap<SortKey, Row> expected = byAccount.getOrDefault(account, new TreeMap<>(order));
            assertThat(new ArrayList<>(table.inPartition(account))).isEqualTo(new ArrayList<>(expected.values()));
            List<SortKey> keys = new ArrayList<>(expected.keySet());
            if (!keys.isEmpty()) {
                SortKey first = keys.get(random.nextInt(keys.size()));
                SortKey last = keys.get(random.nextInt(keys.size()));
                if (order.compare(first, last) > 0) {
                    SortKey swap = first;
                    first = last;
                    last = swap;
                }
                assertThat(new ArrayList<>(table.inPartitionBetween(account, first, last)))
                        .isEqualTo(new ArrayList<>(expected.subMap(first, true, last, true).values()));
            }
        }
        // a page after each key there is, and after keys between rows
        List<SortKey> cursors = new ArrayList<>(all.keySet());
        cursors.add(new SortKey(T0.plusSeconds(25), "r5000"));
        cursors.add(new SortKey(T0.minusSeconds(1), ""));
        for (SortKey after : cursors) {
            int limit = 1 + random.nextInt(5);
            List<Row> expected = firstRows(all.tailMap(after, false).values(), r -> true, limit);
            assertThat(table.page(null, r -> true, after, limit).items()).isEqualTo(expected);
            List<Row> merged = firstRows(all.tailMap(after, false).values(),
                    r -> "acct_a".equals(r.account()) || "acct_c".equals(r.account()), limit);
            assertThat(table.page(List.of("acct_a", "acct_c"), r -> true, after, limit).items()).isEqualTo(merged);
        }
    }

    /** The first {@code limit} rows that pass {@code filter}, by a loop that stops there (a stream over a tail view walked it whole). */
    private static List<Row> firstRows(Iterable<Row> rows, java.util.function.Predicate<Row> filter, int limit) {
        List<Row> first = new ArrayList<>();
        for (Row row : rows) {
            if (first.size() == limit) {
                break;
            }
            if (filter.test(row)) {
                first.add(row);
            }
        }
        return first;
    }

    @Test
    void boundsInTheWrongOrderAreRefusedAsASortedMapRefusesThem() {
        Table<Row> table = table(false);
        table.put(new Row("r1", "acct_a", T0, 0));
        assertThatThrownBy(() -> table.inPartitionBetween("acct_a", new SortKey(T0.plusSeconds(1), "r"),
                new SortKey(T0, "r"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readersOnSeveralThreadsAfterRowsCameOutOfOrderAllSeeOneSortedOrder() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 20; round++) {
                Table<Row> table = table(round % 2 == 1);
                List<Row> rows = new ArrayList<>();
                for (int i = 0; i < SortedRows.SHIFT_LIMIT + 2_000; i++) {
                    rows.add(new Row(String.format("r%05d", i), "acct_a", T0.plusSeconds(i), 0));
                }
                // newest first, as a state file of a newest-first table lists them: every put out of order,
                // the first ones shifted into place, the rest left for the readers' one sort
                for (int i = rows.size() - 1; i >= 0; i--) {
                    table.put(rows.get(i));
                }
                List<Row> expected = new ArrayList<>(rows);
                if (round % 2 == 1) {
                    java.util.Collections.reverse(expected);
                }
                CyclicBarrier start = new CyclicBarrier(threads);
                List<Future<List<Row>>> reads = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    boolean byPartition = t % 2 == 0;
                    reads.add(pool.submit(() -> {
                        start.await();
                        return new ArrayList<>(byPartition ? table.inPartition("acct_a") : table.all());
                    }));
                }
                for (Future<List<Row>> read : reads) {
                    assertThat(read.get()).isEqualTo(expected);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
