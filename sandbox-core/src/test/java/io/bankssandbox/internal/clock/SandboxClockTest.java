package io.bankssandbox.internal.clock;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SandboxClockTest {
    private static final Instant START = Instant.parse("2026-03-02T15:00:00Z");

    @Test
    void frozenClockMovesOnlyWhenSet() {
        AtomicLong wall = new AtomicLong();
        SandboxClock clock = new SandboxClock(ClockMode.FROZEN, START, wall::get);
        wall.addAndGet(5_000_000_000L);
        assertThat(clock.now()).isEqualTo(START);
        clock.set(START.plusSeconds(60));
        assertThat(clock.now()).isEqualTo(START.plusSeconds(60));
    }

    @Test
    void runningClockFollowsTheWallClockFromItsLastSetting() {
        AtomicLong wall = new AtomicLong();
        SandboxClock clock = new SandboxClock(ClockMode.RUNNING, START, wall::get);
        wall.addAndGet(2_500_000_000L);
        assertThat(clock.now()).isEqualTo(START.plusMillis(2_500));
        clock.set(START.plusSeconds(3_600));
        wall.addAndGet(1_000_000_000L);
        assertThat(clock.now()).isEqualTo(START.plusSeconds(3_601));
    }

    @Test
    void readsWithinOneMillisecondShareOneInstantAndTheNextMillisecondOrASettingGivesANewOne() {
        AtomicLong wall = new AtomicLong();
        SandboxClock clock = new SandboxClock(ClockMode.RUNNING, START, wall::get);
        wall.addAndGet(7_000_100L);
        Instant first = clock.now();
        wall.addAndGet(500_000L); // the same millisecond
        assertThat(clock.now()).isSameAs(first).isEqualTo(START.plusMillis(7));
        wall.addAndGet(500_000L);
        assertThat(clock.now()).isEqualTo(START.plusMillis(8));
        // set within the millisecond the last read fell in: the new setting shows at once
        clock.set(START.plusSeconds(60));
        assertThat(clock.now()).isEqualTo(START.plusSeconds(60));
        wall.addAndGet(999_999L);
        assertThat(clock.now()).isEqualTo(START.plusSeconds(60));
    }
}
