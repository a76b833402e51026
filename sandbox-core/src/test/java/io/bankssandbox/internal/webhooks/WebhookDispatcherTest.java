package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The delivery engine driven by the test (no thread of its own, the receiver answering on the
 * calling thread), through its transport seam, the sandbox clock frozen and moved by the test.
 * Retries come due on the sandbox clock and never before; a lane sends in event order, one at a
 * time until a backlog opens its window; a delivery waits for the durability barrier; the inbox
 * needs no transport. When the state moves under it: {@link WebhookDispatcherStateTest}; the same
 * engine on its worker thread: {@link WebhookDispatcherWorkerTest}.
 */
class WebhookDispatcherTest extends WebhookDispatcherFixture {
    WebhookDispatcherTest() {
        super(true);
    }

    @Test
    void aDueDeliveryIsSentAndItsResultWrittenWithTheSandboxTimeOfTheAttempt() throws InterruptedException {
        receiver.answer(d -> new WebhookTransport.Outcome(204, null, 7));
        deliver(1, A, T0);
        assertThat(receiver.sent()).as("nothing is sent before the engine's round").isEmpty();
        sendDue();
        WebhookDelivery delivered = stored(id(1));
        assertThat(delivered.status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(delivered.attempts()).containsExactly(new WebhookDelivery.Attempt(T0, 204, null, 7));
        assertThat(delivered.nextAttemptAt()).isNull();
        assertThat(receiver.sent()).singleElement().satisfies(sent -> {
            assertThat(sent.endpoint().id()).isEqualTo(A);
            assertThat(sent.delivery()).isEqualTo(row(1, A, T0));
        });
        assertThat(transportsMade).hasValue(1);
        sendDue();
        assertThat(receiver.sent()).as("a delivered row is not sent again").hasSize(1);
    }

    @Test
    void anAttemptThatGotNoAnswerIsWrittenWithItsError() throws InterruptedException {
        receiver.answer(d -> new WebhookTransport.Outcome(null, "connection refused", 2));
        deliver(1, A, T0);
        sendDue();
        WebhookDelivery retrying = stored(id(1));
        assertThat(retrying.attempts()).containsExactly(new WebhookDelivery.Attempt(T0, null, "connection refused", 2));
        assertThat(retrying.status()).isEqualTo(WebhookDelivery.PENDING);
        assertThat(retrying.nextAttemptAt()).isEqualTo(T0.plus(Duration.ofMinutes(1)));
    }

    @Test
    void aFailedAttemptIsRetriedWhenTheSandboxClockReachesItsDueTimeAndNotBefore() throws InterruptedException {
        receiver.answer(d -> InProcessReceiver.status(d.id().equals(id(1)) ? 500 : 200));
        deliver(1, A, T0);
        sendDue();
        assertThat(stored(id(1)).nextAttemptAt()).isEqualTo(T0.plus(Duration.ofMinutes(1)));

        // a millisecond early: a newer event on the same lane goes out, and the retry, older, would have gone first
        Instant early = T0.plus(Duration.ofMinutes(1)).minusMillis(1);
        clock.set(early);
        deliver(2, A, early);
        sendDue();
        assertThat(stored(id(2)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(receiver.sentIds()).containsExactly(id(1), id(2));
        assertThat(stored(id(1)).attempts()).hasSize(1);

        clock.set(T0.plus(Duration.ofMinutes(1)));
        sendDue();
        WebhookDelivery retried = stored(id(1));
        assertThat(retried.attempts()).extracting(WebhookDelivery.Attempt::at)
                .containsExactly(T0, T0.plus(Duration.ofMinutes(1)));
        assertThat(retried.nextAttemptAt()).isEqualTo(T0.plus(Duration.ofMinutes(6)));
        assertThat(receiver.sentIds()).containsExactly(id(1), id(2), id(1));

        // the clock jumps a day: the retry due at +6 min goes out once, at the time the clock says
        clock.set(T0.plus(Duration.ofDays(1)));
        sendDue();
        WebhookDelivery late = stored(id(1));
        assertThat(late.attempts()).hasSize(3);
        assertThat(late.attempts().get(2).at()).isEqualTo(T0.plus(Duration.ofDays(1)));
        assertThat(late.nextAttemptAt()).isEqualTo(T0.plus(Duration.ofDays(1)).plus(Duration.ofMinutes(30)));
    }

    @Test
    void aLaneSendsItsEventsInOrderTheNextOnlyOnceTheAttemptBeforeItEnded() throws InterruptedException {
        receiver.answer(d -> null);
        deliver(1, A, T0);
        deliver(2, A, T0);
        deliver(3, A, T0);
        sendDue();
        for (int i = 1; i <= 3; i++) {
            assertThat(receiver.sentIds()).as("one attempt in flight").hasSize(i).last().isEqualTo(id(i));
            assertThat(stored(id(i)).attempts()).isEmpty();
            // answering sends the lane's next at once, on the thread that saw the answer
            receiver.answer(receiver.sent().get(i - 1), InProcessReceiver.status(200));
            assertThat(stored(id(i)).status()).isEqualTo(WebhookDelivery.DELIVERED);
            assertThat(stored(id(i)).attempts()).hasSize(1);
        }
        sendDue();
        assertThat(receiver.sentIds()).containsExactly(id(1), id(2), id(3));
    }

    @Test
    void aBacklogOfFortyEventsHasEightAttemptsInFlightAtOnceAndEveryEventIsDeliveredOnce() throws InterruptedException {
        receiver.answer(d -> null);
        deliverBurst(40, A);
        sendDue();
        List<InProcessReceiver.Sent> window = receiver.sent();
        assertThat(window).extracting(InProcessReceiver.Sent::deliveryId)
                .containsExactly(id(1), id(2), id(3), id(4), id(5), id(6), id(7), id(8));
        receiver.answer(d -> InProcessReceiver.status(200));
        window.forEach(sent -> receiver.answer(sent, InProcessReceiver.status(200)));
        sendDue();
        for (int n = 1; n <= 40; n++) {
            assertThat(stored(id(n)).status()).as(id(n)).isEqualTo(WebhookDelivery.DELIVERED);
            assertThat(stored(id(n)).attempts()).as(id(n)).hasSize(1);
        }
        assertThat(receiver.sentIds()).hasSize(40).doesNotHaveDuplicates();
    }

    @Test
    void aBacklogOfExactlyThirtyTwoOpensTheWindowAndOneShortKeepsOneAttemptInFlight() throws InterruptedException {
        receiver.answer(d -> null);
        List<WebhookDelivery> backlogs = new ArrayList<>();
        for (int n = 1; n <= 2 * DeliveryLane.BACKLOG - 1; n++) {
            backlogs.add(row(n, n < DeliveryLane.BACKLOG ? B : A, T0));
        }
        state.update(s -> backlogs.forEach(s.table(WebhookDelivery.TABLE)::put));
        dispatcher.enqueue(backlogs);
        sendDue();
        assertThat(receiver.sent()).filteredOn(sent -> sent.endpoint().id().equals(B))
                .extracting(InProcessReceiver.Sent::deliveryId).containsExactly(id(1));
        assertThat(receiver.sent()).filteredOn(sent -> sent.endpoint().id().equals(A))
                .extracting(InProcessReceiver.Sent::deliveryId).hasSize(DeliveryLane.WINDOW)
                .startsWith(id(DeliveryLane.BACKLOG));
    }

    @Test
    void eachEndpointHasItsOwnLaneAndAReceiverThatHangsHoldsBackOnlyItsOwn() throws InterruptedException {
        receiver.answer(d -> d.endpointId().equals(A) ? null : InProcessReceiver.status(200));
        deliver(1, A, T0);
        deliver(2, A, T0);
        deliver(3, B, T0);
        deliver(4, B, T0);
        sendDue();
        assertThat(stored(id(3)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(stored(id(4)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(receiver.sentIds()).containsExactlyInAnyOrder(id(1), id(3), id(4));
        InProcessReceiver.Sent held = receiver.sent().stream().filter(s -> s.deliveryId().equals(id(1))).findFirst()
                .orElseThrow();
        receiver.answer(held, InProcessReceiver.status(200));
        assertThat(receiver.sentIds()).hasSize(4).endsWith(id(2));
    }

    @Test
    void aDeliveryIsFirstSentOnceTheDurabilityBarrierReturned() throws InterruptedException {
        List<Integer> sentWhenAsked = new ArrayList<>();
        dispatcher.durableBarrier(() -> sentWhenAsked.add(receiver.sent().size()));
        deliver(1, A, T0);
        deliver(2, A, T0);
        sendDue();
        assertThat(sentWhenAsked).as("one barrier for both, asked before anything was sent").containsExactly(0);
        assertThat(stored(id(1)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(stored(id(2)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        deliver(3, A, T0);
        sendDue();
        assertThat(sentWhenAsked).as("a new change, a new barrier").containsExactly(0, 2);
        assertThat(stored(id(3)).status()).isEqualTo(WebhookDelivery.DELIVERED);
    }

    @Test
    void aBarrierThatFailsLogsAndTheReceiverStillHearsOfTheChange() throws InterruptedException {
        AtomicInteger passes = new AtomicInteger();
        dispatcher.durableBarrier(() -> {
            passes.incrementAndGet();
            throw new IllegalStateException("disk full");
        });
        deliver(1, A, T0);
        sendDue();
        assertThat(stored(id(1)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        deliver(2, A, T0);
        sendDue();
        assertThat(stored(id(2)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(passes).hasValue(2);
    }

    @Test
    void aRetryComingDueIsNotHeldAtTheBarrierAgain() throws InterruptedException {
        AtomicInteger passes = new AtomicInteger();
        dispatcher.durableBarrier(passes::incrementAndGet);
        receiver.answer(d -> InProcessReceiver.status(d.attempts().isEmpty() ? 500 : 200));
        deliver(1, A, T0);
        sendDue();
        assertThat(stored(id(1)).attempts()).hasSize(1);
        clock.set(T0.plus(Duration.ofMinutes(1)));
        sendDue();
        assertThat(stored(id(1)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(stored(id(1)).attempts()).hasSize(2);
        assertThat(passes).hasValue(1);
    }

    @Test
    void theInboxReceivesEveryDueDeliveryAtOnceWithoutATransport() throws InterruptedException {
        deliver(1, INBOX, T0);
        deliver(2, INBOX, T0);
        sendDue();
        assertThat(stored(id(1)).attempts()).containsExactly(new WebhookDelivery.Attempt(T0, 200, null, 0));
        assertThat(stored(id(2)).attempts()).containsExactly(new WebhookDelivery.Attempt(T0, 200, null, 0));
        assertThat(stored(id(2)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(transportsMade).hasValue(0);
        assertThat(receiver.sent()).isEmpty();
    }

    @Test
    void noDeliveriesEnqueuedIsNothingToDo() throws InterruptedException {
        dispatcher.enqueue(List.of());
        assertThat(dispatcher.pass(false)).isFalse();
        assertThat(transportsMade).hasValue(0);
    }
}
