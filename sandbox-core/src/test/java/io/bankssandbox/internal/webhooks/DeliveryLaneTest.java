package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One endpoint's lane, on its own: event order, one attempt in flight until a backlog of 32 opens a
 * window of 8, a retry waiting by due time without holding back newer events, and a delivery not
 * yet durable holding back every newer one.
 */
class DeliveryLaneTest {
    private static final Instant NOW = Instant.parse("2026-03-02T15:00:00Z");

    private static String id(int counter) {
        return String.format("webhook_delivery_%08d", counter);
    }

    /** Takes until the lane says no. */
    private static List<String> takeAll(DeliveryLane lane, long durable) {
        List<String> taken = new ArrayList<>();
        for (String id = lane.take(durable); id != null; id = lane.take(durable)) {
            taken.add(id);
        }
        return taken;
    }

    @Test
    void dueDeliveriesGoOutOneAtATimeInTheOrderTheirEventsOccurred() {
        DeliveryLane lane = new DeliveryLane("webhook_endpoint_1");
        lane.add(id(3), NOW, NOW, 0);
        lane.add(id(1), NOW.minusSeconds(60), NOW, 0);
        lane.add(id(2), NOW, NOW, 0);
        assertThat(takeAll(lane, 0)).containsExactly(id(1));
        lane.ended();
        assertThat(takeAll(lane, 0)).containsExactly(id(2));
        lane.ended();
        assertThat(takeAll(lane, 0)).containsExactly(id(3));
        lane.ended();
        assertThat(lane.take(0)).isNull();
        assertThat(lane.hasWaiting()).isFalse();
        assertThat(lane.endpointId).isEqualTo("webhook_endpoint_1");
    }

    @Test
    void aDeliveryDueExactlyNowIsReadyAndOneDueLaterWaitsUntilItsTime() {
        DeliveryLane lane = new DeliveryLane("webhook_endpoint_1");
        Instant later = NOW.plusSeconds(60);
        lane.add(id(1), later, NOW, 0);
        assertThat(lane.hasWaiting()).isTrue();
        assertThat(lane.take(0)).isNull();
        lane.promote(later.minusMillis(1));
        assertThat(lane.take(0)).isNull();
        assertThat(lane.hasWaiting()).isTrue();
        lane.promote(later);
        assertThat(lane.hasWaiting()).isFalse();
        assertThat(lane.take(0)).isEqualTo(id(1));

        DeliveryLane now = new DeliveryLane("webhook_endpoint_2");
        now.add(id(2), NOW, NOW, 0);
        assertThat(now.hasWaiting()).isFalse();
        assertThat(now.take(0)).isEqualTo(id(2));
    }

    @Test
    void aRetryWaitingDoesNotHoldBackNewerEventsAndJoinsThemInEventOrderWhenDue() {
        DeliveryLane lane = new DeliveryLane("webhook_endpoint_1");
        lane.add(id(1), NOW.plusSeconds(60), NOW, 0);
        lane.add(id(2), NOW, NOW, 0);
        assertThat(lane.take(0)).isEqualTo(id(2));
        lane.add(id(3), NOW, NOW, 0);
        lane.add(id(4), NOW, NOW, 0);
        lane.promote(NOW.plusSeconds(60));
        lane.ended();
        // the retry is the oldest event now due: it goes before the newer ones
        assertThat(takeAll(lane, 0)).containsExactly(id(1));
        lane.ended();
        assertThat(takeAll(lane, 0)).containsExactly(id(3));
    }

    @Test
    void retriesDueAtTheSameInstantAreAllKeptAndComeDueTogether() {
        DeliveryLane lane = new DeliveryLane("webhook_endpoint_1");
        Instant due = NOW.plusSeconds(300);
        lane.add(id(2), due, NOW, 0);
        lane.add(id(1), due, NOW, 0);
        lane.add(id(3), NOW.plusSeconds(60), NOW, 0);
        lane.promote(NOW.plusSeconds(60));
        assertThat(lane.hasWaiting()).isTrue();
        assertThat(takeAll(lane, 0)).containsExactly(id(3));
        lane.ended();
        lane.promote(due);
        assertThat(lane.hasWaiting()).isFalse();
        assertThat(takeAll(lane, 0)).containsExactly(id(1));
        lane.ended();
        assertThat(takeAll(lane, 0)).containsExactly(id(2));
    }

    @Test
    void thirtyOneDueDeliveriesStillGoOneAtATime() {
        DeliveryLane lane = new DeliveryLane("webhook_endpoint_1");
        for (int i = 1; i < DeliveryLane.BACKLOG; i++) {
            lane.add(id(i), NOW, NOW, 0);
        }
        assertThat(DeliveryLane.BACKLOG).isEqualTo(32);
        assertThat(takeAll(lane, 0)).containsExactly(id(1));
    }

    @Test
    void aBacklogOfThirtyTwoOpensAWindowOfEightInEventOrderUntilNothingIsDue() {
        DeliveryLane lane = new DeliveryLane("webhook_endpoint_1");
        for (int i = 1; i <= DeliveryLane.BACKLOG; i++) {
            lane.add(id(i), NOW, NOW, 0);
        }
        assertThat(takeAll(lane, 0)).containsExactly(id(1), id(2), id(3), id(4), id(5), id(6), id(7), id(8));
        // the window stays open while the backlog drains, under 32 as it now is
        lane.ended();
        lane.ended();
        assertThat(takeAll(lane, 0)).containsExactly(id(9), id(10));
        int taken = 10;
        while (taken < DeliveryLane.BACKLOG) {
            lane.ended();
            assertThat(lane.take(0)).isEqualTo(id(++taken));
        }
        assertThat(lane.take(0)).as("nothing due: the window closes").isNull();
        for (int i = 0; i < DeliveryLane.WINDOW; i++) {
            lane.ended();
        }
        lane.add(id(40), NOW, NOW, 0);
        lane.add(id(41), NOW, NOW, 0);
        assertThat(takeAll(lane, 0)).containsExactly(id(40));
    }

    @Test
    void theOldestDueDeliveryNotYetDurableHoldsBackEveryNewerOne() {
        DeliveryLane lane = new DeliveryLane("webhook_endpoint_1");
        lane.add(id(1), NOW, NOW, 2);
        lane.add(id(2), NOW, NOW, 1);
        assertThat(lane.take(1)).isNull();
        assertThat(lane.take(2)).isEqualTo(id(1));
        lane.ended();
        assertThat(lane.take(2)).isEqualTo(id(2));
    }

    @Test
    void aRetryComingDueWaitsForNoDurabilityBarrier() {
        DeliveryLane lane = new DeliveryLane("webhook_endpoint_1");
        lane.add(id(1), NOW.plusSeconds(60), NOW, 5);
        lane.promote(NOW.plusSeconds(60));
        assertThat(lane.take(0)).isEqualTo(id(1));
    }
}
