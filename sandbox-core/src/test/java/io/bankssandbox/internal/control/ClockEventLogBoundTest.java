package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.clock.ClockEvent;
import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The log of moves past its bound, on its own: positions keep counting what was dropped, and a wait
 * from a position still kept sees exactly what came after it; events that are not moves are not kept.
 */
class ClockEventLogBoundTest {
    private record Moved(String type, String id, Instant occurredAt) implements StatusChanged {}

    private record NotAMove(Instant occurredAt) implements DomainEvent {}

    @Test
    void positionsCountWhatTheBoundDroppedAndAWaitSeesExactlyWhatCameAfterIt() {
        ClockEventLog log = new ClockEventLog();
        List<DomainEvent> batch = new ArrayList<>();
        for (int i = 0; i < ClockEventLog.KEPT + 3; i++) {
            batch.add(new Moved("card.created", "card_" + i, Instant.EPOCH));
            batch.add(new NotAMove(Instant.EPOCH));
        }
        log.record(batch);

        assertThat(log.position()).isEqualTo(ClockEventLog.KEPT + 3);
        ClockEventLog.Since lastTwo = log.since(ClockEventLog.KEPT + 1);
        assertThat(lastTwo.position()).isEqualTo(ClockEventLog.KEPT + 3);
        assertThat(lastTwo.events()).containsExactly(new ClockEvent("card.created", "card_" + (ClockEventLog.KEPT + 1)),
                new ClockEvent("card.created", "card_" + (ClockEventLog.KEPT + 2)));
        ClockEventLog.Since kept = log.since(0); // what was dropped is gone: the oldest kept come first
        assertThat(kept.events()).hasSize(ClockEventLog.KEPT);
        assertThat(kept.events().get(0)).isEqualTo(new ClockEvent("card.created", "card_3"));
        assertThat(log.since(log.position()).events()).isEmpty();
    }
}
