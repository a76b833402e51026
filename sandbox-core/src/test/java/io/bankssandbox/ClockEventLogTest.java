package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code clock().advance} and {@code clock().awaitEvent} see of the moves, past the log's bound of 10,000. */
class ClockEventLogTest {

    @Test
    void movesBeyondTheLogsBoundAreStillReportedAndAnAwaitSeesOnlyWhatComesAfterIt() {
        try (Sandbox sandbox = Sandbox.start()) {
            String account = sandbox.accounts().named("Riverside Operating").id();
            int credits = 10_050;
            for (int i = 0; i < credits; i++) {
                sandbox.inboundAch().simulate(account, 1_00 + i);
            }
            List<ClockEvent> moves = sandbox.clock().advance(Duration.ofHours(1));
            assertThat(moves.stream().filter(move -> move.type().equals("inbound_ach_transfer.accepted")))
                    .hasSizeGreaterThanOrEqualTo(credits);

            // the log is full: a wait that starts now sees none of the moves before it
            assertThatThrownBy(() -> sandbox.clock().awaitEvent("inbound_ach_transfer.accepted", Duration.ofMillis(50)))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("what happened instead: nothing");
        }
    }
}
