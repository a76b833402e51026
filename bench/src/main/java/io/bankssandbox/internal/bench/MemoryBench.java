package io.bankssandbox.internal.bench;

import io.bankssandbox.BenchInternals;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.ach.InboundAchLifecycle;
import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.http.PageView;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;

/**
 * The size targets: heap used after GC once 1,000,000 inbound ACH transfers are stored (run it
 * with -Xmx1g: finishing is the "fits in 1 GiB" check), and what one list page costs at 1,000 and
 * at 1,000,000 stored transfers. The page is timed in process, as the route computes it (the read
 * lock, the page walk, the views, the JSON bytes), so HTTP noise cannot hide a size effect.
 *
 * <p>Transfers are generated through sandbox-core's state API, the way an import stores them:
 * per-row values (ids, trace numbers, transaction ids, timestamps, dates) are distinct objects;
 * enumerated values (status, SEC code, the few originator names) are shared, as string constants
 * would be.
 */
public final class MemoryBench {
    private static final String[] ORIGINATORS = {"BLUE SHIELD CA", "AETNA", "GUSTO PAYROLL", "UNITEDHEALTHCARE",
            "CIGNA", "HUMANA"};
    private static final String[] SEC_CODES = {"CCD", "PPD"};

    private MemoryBench() {}

    public static void main(String[] args) throws Exception {
        int small = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        int large = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        // two sandboxes side by side, so that each page is timed at both sizes in alternating
        // batches: the JIT's state and the machine's other work then weigh on both sizes alike
        try (Sandbox smallSandbox = Sandbox.start(); Sandbox largeSandbox = Sandbox.start()) {
            SandboxRuntime smallRuntime = BenchInternals.runtime(smallSandbox);
            SandboxRuntime largeRuntime = BenchInternals.runtime(largeSandbox);
            load(smallRuntime, small);

            long before = heapUsedAfterGc();
            load(largeRuntime, large);
            long after = heapUsedAfterGc();
            int stored = largeRuntime.state().read(s -> s.table(InboundAchTransfer.TABLE).size());
            EmbeddedBench.print("transfers_stored", stored);
            EmbeddedBench.print("heap_used_after_gc_mib", after / 1024.0 / 1024.0);
            EmbeddedBench.print("heap_max_mib", Runtime.getRuntime().maxMemory() / 1024.0 / 1024.0);
            EmbeddedBench.print("bytes_per_transfer", (after - before) / (double) large);

            Pages smallPages = new Pages(smallRuntime);
            Pages largePages = new Pages(largeRuntime);
            time("page_first", () -> smallPages.page(smallPages.all, null, null),
                    () -> largePages.page(largePages.all, null, null));
            time("page_middle", () -> smallPages.page(smallPages.all, null, smallPages.middle),
                    () -> largePages.page(largePages.all, null, largePages.middle));
            time("page_one_key", () -> smallPages.page(smallPages.one, null, null),
                    () -> largePages.page(largePages.one, null, null));
            time("page_account", () -> smallPages.page(smallPages.all, smallPages.account, null),
                    () -> largePages.page(largePages.all, largePages.account, null));
        }
    }

    /** The four pages of one sandbox: all-seeing key, from the middle by cursor, one entity's key, one account. */
    private static final class Pages {
        final SandboxRuntime runtime;
        final Caller all;
        final Caller one;
        final String account;
        final SortKey middle;

        Pages(SandboxRuntime runtime) {
            this.runtime = runtime;
            this.all = caller(runtime, true);
            this.one = caller(runtime, false);
            this.account = runtime.state().read(s -> firstAccountOf(s, one));
            this.middle = runtime.state().read(s -> keyAt(s, s.table(InboundAchTransfer.TABLE).size() / 2));
        }

        byte[] page(Caller caller, String account, SortKey after) {
            return MemoryBench.page(runtime, caller, account, after);
        }
    }

    /**
     * Median microseconds per call over batches, after a warm-up long enough for C2, at both sizes
     * in alternating batches: wall time, and this thread's CPU time, which a busy machine's
     * preemptions do not inflate. Prints NAME_1k_us, NAME_1k_cpu_us, NAME_1m_us, NAME_1m_cpu_us.
     */
    private static void time(String name, Runnable small, Runnable large) {
        for (int i = 0; i < 30_000; i++) {
            small.run();
            large.run();
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int batches = 150;
        int perBatch = 200;
        double[][] wall = new double[2][batches];
        double[][] cpu = new double[2][batches];
        Runnable[] calls = {small, large};
        for (int b = 0; b < batches; b++) {
            for (int size = 0; size < 2; size++) {
                Runnable call = calls[(size + b) % 2]; // which size goes first alternates too
                int slot = (size + b) % 2;
                long c0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                for (int i = 0; i < perBatch; i++) {
                    call.run();
                }
                wall[slot][b] = (System.nanoTime() - t0) / 1e3 / perBatch;
                cpu[slot][b] = (threads.getCurrentThreadCpuTime() - c0) / 1e3 / perBatch;
            }
        }
        String[] labels = {"1k", "1m"};
        for (int size = 0; size < 2; size++) {
            EmbeddedBench.print(name + "_" + labels[size] + "_us", Stats.median(wall[size]));
            EmbeddedBench.print(name + "_" + labels[size] + "_cpu_us", Stats.median(cpu[size]));
        }
    }

    private static byte[] page(SandboxRuntime runtime, Caller caller, String account, SortKey after) {
        return runtime.state().read(s -> {
            try {
                return Json.ANSWERS.writeValueAsBytes(PageView.of(
                        InboundAchLifecycle.list(s, caller, account, after, 10)));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    static void load(SandboxRuntime runtime, int count) {
        runtime.state().update(s -> {
            List<String> accounts = s.table(Account.TABLE).all().stream().map(Account::id).toList();
            // older than every fixture transfer, one second apart, so each sort key is distinct
            Instant oldest = s.startedAt.minus(Duration.ofDays(30)).minusSeconds(s.table(InboundAchTransfer.TABLE).size());
            for (int i = 0; i < count; i++) {
                Instant created = oldest.minusSeconds(i);
                Instant settled = created.plus(Duration.ofMinutes(40));
                s.table(InboundAchTransfer.TABLE).put(new InboundAchTransfer(
                        s.ids.next("inbound_ach_transfer_"), created, accounts.get(i % accounts.size()),
                        1_000 + (i % 500_000), InboundAchTransfer.ACCEPTED, SEC_CODES[i % SEC_CODES.length],
                        LocalDate.ofInstant(created, ZoneOffset.UTC), created.plus(Duration.ofHours(1)),
                        ORIGINATORS[i % ORIGINATORS.length], "HCCLAIMPMT", s.ids.nextDigits(15),
                        s.ids.next("transaction_"), settled, settled, null, null, null, null, null));
            }
        });
    }

    private static SortKey keyAt(SandboxState state, int index) {
        Iterator<InboundAchTransfer> rows = state.table(InboundAchTransfer.TABLE).all().iterator();
        InboundAchTransfer row = rows.next();
        for (int i = 0; i < index; i++) {
            row = rows.next();
        }
        return new SortKey(row.createdAt(), row.id());
    }

    private static Caller caller(SandboxRuntime runtime, boolean seesAll) {
        return runtime.state().read(s -> s.apiKeys.stream().filter(k -> k.seesAll() == seesAll)
                .findFirst().map(Caller::of).orElseThrow());
    }

    private static String firstAccountOf(SandboxState state, Caller caller) {
        return state.table(Account.TABLE).inPartition(caller.entityIds().iterator().next()).iterator().next().id();
    }

    private static long heapUsedAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
