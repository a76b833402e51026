package io.bankssandbox.internal.bench;

import io.bankssandbox.BenchInternals;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.lockbox.CheckDeposit;
import io.bankssandbox.internal.lockbox.CheckDepositView;
import io.bankssandbox.internal.lockbox.CheckDeposits;
import io.bankssandbox.internal.lockbox.MailItem;
import io.bankssandbox.internal.lockbox.MailScan;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.state.Json;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * GET by id where the row lives inside another: a check deposit (inside its mail item) and a file
 * (a mail item's scan), with 1,000 and with 1,000,000 mail items. Two sandboxes, one of each size,
 * are timed batch by batch in turn, so the JIT and the neighbours' load treat both alike; each call
 * is what the route computes: the read lock, the lookup, the view and its JSON bytes; for the file,
 * finding the scanned mail item and drawing its PDF (about half a millisecond, the same at any size;
 * a walk of a million mail items would take several), and, as context, the lookup alone. The probe
 * is the same mail item in both. Flat means keyed.
 */
public final class LookupBench {

    private LookupBench() {}

    public static void main(String[] args) throws Exception {
        int small = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        int large = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        try (Sandbox smallSandbox = Sandbox.start(); Sandbox largeSandbox = Sandbox.start()) {
            MailItem probe = load(BenchInternals.runtime(smallSandbox), small).get(small / 2);
            load(BenchInternals.runtime(largeSandbox), large);
            EmbeddedBench.print("mail_items_stored_1k", BenchInternals.runtime(smallSandbox).state().read(s -> s.table(MailItem.TABLE).size()));
            EmbeddedBench.print("mail_items_stored_1m", BenchInternals.runtime(largeSandbox).state().read(s -> s.table(MailItem.TABLE).size()));
            compare("lookup_check_deposit", checkDeposit(BenchInternals.runtime(smallSandbox), probe),
                    checkDeposit(BenchInternals.runtime(largeSandbox), probe), 200_000, 200, 500);
            compare("lookup_file_scan", fileScan(BenchInternals.runtime(smallSandbox), probe), fileScan(BenchInternals.runtime(largeSandbox), probe),
                    200_000, 200, 500);
            compare("lookup_file", file(BenchInternals.runtime(smallSandbox), probe), file(BenchInternals.runtime(largeSandbox), probe), 3_000, 100, 20);
        }
    }

    private static Runnable checkDeposit(SandboxRuntime runtime, MailItem probe) {
        Caller caller = seesAll(runtime);
        String id = probe.checks().get(0).id();
        return () -> runtime.state().read(s -> {
            try {
                return Json.MAPPER.writeValueAsBytes(CheckDepositView.of(CheckDeposits.get(s, caller, id)));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static Runnable fileScan(SandboxRuntime runtime, MailItem probe) {
        Caller caller = seesAll(runtime);
        return () -> runtime.state().read(s -> MailScan.find(s, caller, probe.fileId()));
    }

    private static Runnable file(SandboxRuntime runtime, MailItem probe) {
        Caller caller = seesAll(runtime);
        return () -> MailScan.render(runtime.state().read(s -> MailScan.find(s, caller, probe.fileId())));
    }

    /** Median µs per call, wall and thread CPU, of each side, timed in alternating batches after a warm-up. */
    private static void compare(String name, Runnable smallCall, Runnable largeCall, int warmUp, int batches, int perBatch) {
        for (int i = 0; i < warmUp; i++) {
            smallCall.run();
            largeCall.run();
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[][] wall = new double[2][batches];
        double[][] cpu = new double[2][batches];
        Runnable[] calls = {smallCall, largeCall};
        for (int b = 0; b < batches; b++) {
            for (int side = 0; side < 2; side++) {
                long c0 = threads.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                for (int i = 0; i < perBatch; i++) {
                    calls[side].run();
                }
                wall[side][b] = (System.nanoTime() - t0) / 1e3 / perBatch;
                cpu[side][b] = (threads.getCurrentThreadCpuTime() - c0) / 1e3 / perBatch;
            }
        }
        String[] labels = {"1k", "1m"};
        for (int side = 0; side < 2; side++) {
            EmbeddedBench.print(name + "_" + labels[side] + "_us", Stats.median(wall[side]));
            EmbeddedBench.print(name + "_" + labels[side] + "_cpu_us", Stats.median(cpu[side]));
        }
    }

    private static Caller seesAll(SandboxRuntime runtime) {
        return runtime.state().read(s -> s.apiKeys.stream().filter(k -> k.seesAll()).findFirst().map(Caller::of).orElseThrow());
    }

    /**
     * Mail items with one rejected check each (a rejected check moves no money), older than the
     * fixtures' mail. Ids are deterministic, so both sandboxes give their first items the same ids.
     */
    private static List<MailItem> load(SandboxRuntime runtime, int count) {
        return runtime.state().write(s -> {
            List<MailItem> loaded = new ArrayList<>(count);
            MailItem template = s.table(MailItem.TABLE).all().iterator().next();
            Instant oldest = s.startedAt.minus(Duration.ofDays(60));
            for (int i = 0; i < count; i++) {
                CheckDeposit check = new CheckDeposit(s.ids.next("check_deposit_"), 1_000 + i % 100_000, null,
                        CheckDeposit.REJECTED, null, null);
                MailItem item = new MailItem(s.ids.next("inbound_mail_item_"), template.providerId(), template.accountId(),
                        s.ids.next("file_"), List.of(check), oldest.minusSeconds(i));
                s.table(MailItem.TABLE).put(item);
                loaded.add(item);
            }
            return loaded;
        });
    }
}
