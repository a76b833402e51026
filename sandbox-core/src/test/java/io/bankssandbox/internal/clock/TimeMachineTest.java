package io.bankssandbox.internal.clock;

import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.ClockEvent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.SandboxException;
import io.bankssandbox.internal.ach.InboundAchLifecycle;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Moving the clock through the typed handle: what it reports and where it stops. */
class TimeMachineTest extends SandboxTestBase {

    @Test
    void advancingToAnInstantReportsEveryTransitionItApplied() {
        InboundAchTransfer pending = sandbox.inboundAch().simulate(
                InboundAchTransfer.Arrival.of(fixtures.riversideOperating(), 700).resolvingAccepted());
        List<ClockEvent> events = sandbox.clock().advanceTo(sandbox.clock().now().plus(Duration.ofHours(1)));
        assertThat(events).contains(new ClockEvent("inbound_ach_transfer.accepted", pending.id()));
    }

    @Test
    void anAdvanceByExactlyTheTimeLeftToTheLatestShowableInstantIsAllowedAndOneSecondMoreIsNot() {
        Instant latest = Instant.parse("9999-12-31T23:59:59Z");
        Duration left = Duration.between(sandbox.clock().now(), latest);
        assertThatThrownBy(() -> sandbox.clock().advance(left.plusSeconds(1))).isInstanceOf(SandboxException.class)
                .satisfies(e -> assertThat(((SandboxException) e).status()).isEqualTo(400));
        sandbox.clock().advance(left);
        assertThat(sandbox.clock().now()).isEqualTo(latest);
    }

    @Test
    @Tag("stress") // many threads at once: -Dpit.excludedGroups=stress leaves it out of a mutation run
    void advancesAtOnceFromManyThreadsEachMoveTheClockByTheirWholeDuration() throws Exception {
        Instant start = sandbox.clock().now();
        int threads = 8;
        int each = 500;
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        List<Thread> advancing = new java.util.ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread thread = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    sandbox.clock().advance(Duration.ofSeconds(1));
                }
            });
            thread.start();
            advancing.add(thread);
        }
        go.countDown();
        for (Thread thread : advancing) {
            thread.join();
        }
        // each advance read the clock it moved under the lock: none moved it from a time another had already left
        assertThat(sandbox.clock().now()).isEqualTo(start.plusSeconds((long) threads * each));
    }
}
