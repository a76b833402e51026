package io.bankssandbox.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The check every request makes before it reads the state (is anything due?) answers from the
 * earliest due time the timeline keeps beside its queue: it must follow every change of the queue.
 */
class TimelineTest {
    private static final Instant T0 = Instant.parse("2026-01-15T12:00:00Z");

    @Test
    void somethingIsDueExactlyFromTheEarliestScheduledTimeOn() {
        Timeline timeline = new Timeline();
        assertThat(timeline.hasDue(Instant.MAX)).isFalse();
        timeline.schedule(T0.plusSeconds(60), "late", "b");
        timeline.schedule(T0, "early", "a");
        assertThat(timeline.hasDue(T0.minusNanos(1))).isFalse();
        assertThat(timeline.hasDue(T0)).isTrue();
    }

    @Test
    void pollingTheEarliestMovesTheCheckToTheNextAndAnEmptyTimelineHasNothingDue() {
        Timeline timeline = new Timeline();
        timeline.schedule(T0, "first", "a");
        timeline.schedule(T0.plusSeconds(60), "second", "b");
        assertThat(timeline.pollDue(T0.plusSeconds(30)).id()).isEqualTo("a");
        assertThat(timeline.pollDue(T0.plusSeconds(30))).isNull();
        assertThat(timeline.hasDue(T0.plusSeconds(30))).isFalse();
        assertThat(timeline.hasDue(T0.plusSeconds(60))).isTrue();
        assertThat(timeline.pollDue(T0.plusSeconds(60)).id()).isEqualTo("b");
        assertThat(timeline.hasDue(Instant.MAX)).isFalse();
        assertThat(timeline.size()).isZero();
    }

    @Test
    void aCopyAnswersForItsOwnQueue() {
        Timeline timeline = new Timeline();
        timeline.schedule(T0, "first", "a");
        Timeline copy = timeline.copy();
        assertThat(timeline.pollDue(T0).id()).isEqualTo("a");
        assertThat(timeline.hasDue(T0)).isFalse();
        assertThat(copy.hasDue(T0)).isTrue();
        copy.schedule(T0.minusSeconds(1), "earlier", "z");
        assertThat(copy.pollDue(T0).id()).isEqualTo("z");
        assertThat(timeline.hasDue(Instant.MAX)).isFalse();
    }

    @Test
    void transitionsDueAtTheSameTimeComeOutInTheOrderTheyWereScheduled() {
        Timeline timeline = new Timeline();
        timeline.schedule(T0, "k", "first");
        timeline.schedule(T0, "k", "second");
        timeline.schedule(T0.minusSeconds(1), "k", "earliest");
        assertThat(timeline.pollDue(T0).id()).isEqualTo("earliest");
        assertThat(timeline.pollDue(T0).id()).isEqualTo("first");
        assertThat(timeline.pollDue(T0).id()).isEqualTo("second");
    }
}
