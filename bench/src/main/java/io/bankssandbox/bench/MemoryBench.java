package io.bankssandbox.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.bankssandbox.Sandbox;
import io.bankssandbox.runtime.SandboxRuntime;
import io.bankssandbox.accounts.Account;
import io.bankssandbox.ach.InboundAchLifecycle;
import io.bankssandbox.ach.InboundAchTransfer;
import io.bankssandbox.access.ApiKey;
import io.bankssandbox.access.Caller;
import io.bankssandbox.http.PageView;
import io.bankssandbox.state.Json;
import io.bankssandbox.state.SandboxState;
import io.bankssandbox.state.SortKey;
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
        try (Sandbox sandbox = Sandbox.start()) {
            SandboxRuntime runtime = sandbox.runtime();
            Caller all = caller(runtime, true);
            Caller one = caller(runtime, false);
            String oneAccount = runtime.state().read(s -> firstAccountOf(s, one));

            long before = heapUsedAfterGc();
            load(runtime, small);
            measurePages(runtime, "1k", all, one, oneAccount);

            load(runtime, large - small);
            long after = heapUsedAfterGc();
            int stored = runtime.state().read(s -> s.inboundAchTransfers.size());
            EmbeddedBench.print("transfers_stored", stored);
            EmbeddedBench.print("heap_used_after_gc_mib", after / 1024.0 / 1024.0);
            EmbeddedBench.print("heap_max_mib", Runtime.getRuntime().maxMemory() / 1024.0 / 1024.0);
            EmbeddedBench.print("bytes_per_transfer", (after - before) / (double) large);
            measurePages(runtime, "1m", all, one, oneAccount);
        }
    }

    private static void measurePages(SandboxRuntime runtime, String label, Caller all, Caller one, String account) {
        SortKey middle = runtime.state().read(s -> keyAt(s, s.inboundAchTransfers.size() / 2));
        time("page_first_" + label, () -> page(runtime, all, null, null));
        time("page_middle_" + label, () -> page(runtime, all, null, middle));
        time("page_one_key_" + label, () -> page(runtime, one, null, null));
        time("page_account_" + label, () -> page(runtime, all, account, null));
    }

    /**
     * Median microseconds per call over batches, after a warm-up long enough for C2: wall time,
     * and this thread's CPU time, which a busy machine's preemptions do not inflate.
     */
    static void time(String name, Runnable call) {
        for (int i = 0; i < 30_000; i++) {
            call.run();
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int batches = 150;
        int perBatch = 200;
        double[] wall = new double[batches];
        double[] cpu = new double[batches];
        for (int b = 0; b < batches; b++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int i = 0; i < perBatch; i++) {
                call.run();
            }
            wall[b] = (System.nanoTime() - t0) / 1e3 / perBatch;
            cpu[b] = (threads.getCurrentThreadCpuTime() - c0) / 1e3 / perBatch;
        }
        EmbeddedBench.print(name + "_us", Stats.median(wall));
        EmbeddedBench.print(name + "_cpu_us", Stats.median(cpu));
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
            List<String> accounts = s.accounts.all().stream().map(Account::id).toList();
            // older than every fixture transfer, one second apart, so each sort key is distinct
            Instant oldest = s.startedAt.minus(Duration.ofDays(30)).minusSeconds(s.inboundAchTransfers.size());
            for (int i = 0; i < count; i++) {
                Instant created = oldest.minusSeconds(i);
                Instant settled = created.plus(Duration.ofMinutes(40));
                s.inboundAchTransfers.put(new InboundAchTransfer(
                        s.ids.next("inbound_ach_transfer_"), created, accounts.get(i % accounts.size()),
                        1_000 + (i % 500_000), InboundAchTransfer.ACCEPTED, SEC_CODES[i % SEC_CODES.length],
                        LocalDate.ofInstant(created, ZoneOffset.UTC), created.plus(Duration.ofHours(1)),
                        ORIGINATORS[i % ORIGINATORS.length], "HCCLAIMPMT", s.ids.nextDigits(15),
                        s.ids.next("transaction_"), settled, settled, null, null, null, null, null));
            }
        });
    }

    private static SortKey keyAt(SandboxState state, int index) {
        Iterator<InboundAchTransfer> rows = state.inboundAchTransfers.all().iterator();
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
        return state.accounts.inPartition(caller.entityIds().iterator().next()).iterator().next().id();
    }

    private static long heapUsedAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
