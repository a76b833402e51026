package io.bankssandbox.internal.clock;

import io.bankssandbox.internal.state.Timeline;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The clock's parts on their own: the timeline's order, the mode's names, a saved clock resuming. */
class ClockRulesTest {
    private static final Instant T = Instant.parse("2026-03-02T15:00:00Z");

    @Test
    void aTransitionDueExactlyNowIsDueAndOneASecondLaterIsNot() {
        Timeline timeline = new Timeline();
        assertThat(timeline.hasDue(T)).isFalse();
        assertThat(timeline.pollDue(T)).isNull();
        timeline.schedule(T.plusSeconds(1), "kind", "later");
        assertThat(timeline.hasDue(T)).isFalse();
        assertThat(timeline.pollDue(T)).isNull();
        timeline.schedule(T, "kind", "now");
        assertThat(timeline.hasDue(T)).isTrue();
        assertThat(timeline.size()).isEqualTo(2);
        assertThat(timeline.pollDue(T).id()).isEqualTo("now");
        assertThat(timeline.size()).isEqualTo(1);
        assertThat(timeline.hasDue(T)).isFalse();
    }

    @Test
    void transitionsDueAtTheSameInstantComeInTheOrderTheyWereScheduled() {
        Timeline timeline = new Timeline();
        timeline.schedule(T.plusSeconds(5), "kind", "third");
        timeline.schedule(T, "kind", "first");
        timeline.schedule(T, "kind", "second");
        Timeline copy = timeline.copy();
        copy.schedule(T, "kind", "fourth");
        assertThat(timeline.size()).as("a copy is independent").isEqualTo(3);
        Instant end = T.plusSeconds(10);
        assertThat(copy.pollDue(end).id()).isEqualTo("first");
        assertThat(copy.pollDue(end).id()).isEqualTo("second");
        assertThat(copy.pollDue(end).id()).as("scheduled after the copy, after the others of its instant")
                .isEqualTo("fourth");
        assertThat(copy.pollDue(end).id()).isEqualTo("third");
        assertThat(copy.pollDue(end)).isNull();
    }

    @Test
    void theModeIsReadByNameInAnyCaseAndAnyOtherNameIsRefused() {
        assertThat(ClockMode.parse("frozen")).isEqualTo(ClockMode.FROZEN);
        assertThat(ClockMode.parse("RUNNING")).isEqualTo(ClockMode.RUNNING);
        assertThat(ClockMode.RUNNING.wireName()).isEqualTo("running");
        assertThatThrownBy(() -> ClockMode.parse("paused")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("clock mode must be frozen or running, not paused");
    }

    @Test
    void theWallClockOfAReadingIsTheWallTimeInMilliseconds() {
        AtomicLong nanos = new AtomicLong(7_000_000_000L);
        SandboxClock clock = new SandboxClock(ClockMode.RUNNING, T, nanos::get);
        assertThat(clock.anchor()).isEqualTo(new SandboxClock.Anchor(T, Instant.ofEpochMilli(7_000)));
        nanos.addAndGet(1_500_000_000L);
        assertThat(clock.reading()).isEqualTo(new SandboxClock.Anchor(T.plusMillis(1_500), Instant.ofEpochMilli(8_500)));
        assertThat(clock.mode()).isEqualTo(ClockMode.RUNNING);
    }

    @Test
    void aSavedRunningClockResumesWithTheWallTimeSinceItWasSavedAndNeverGoesBack() {
        AtomicLong wallMillis = new AtomicLong(100_000);
        SandboxClock running = new SandboxClock(ClockMode.RUNNING, T, () -> wallMillis.get() * 1_000_000, wallMillis::get);
        SandboxClock.Anchor saved = new SandboxClock.Anchor(T, Instant.ofEpochMilli(40_000));
        assertThat(running.resumed(saved)).isEqualTo(T.plusMillis(60_000));
        assertThat(running.resumed(new SandboxClock.Anchor(T, Instant.ofEpochMilli(150_000))))
                .as("the wall clock was set back").isEqualTo(T);
        assertThat(running.resumed(new SandboxClock.Anchor(T, null))).as("saved without its wall time").isEqualTo(T);

        SandboxClock frozen = new SandboxClock(ClockMode.FROZEN, T, () -> wallMillis.get() * 1_000_000, wallMillis::get);
        assertThat(frozen.resumed(saved)).isEqualTo(T);
    }
}
