package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.testing.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The delivery engine on its own worker thread, as a sandbox runs it, the receiver answering on
 * threads of its own: the worker starts with the first delivery, sends what comes due (a retry
 * included) without being told, holds deliveries at the durability barrier while it waits there,
 * keeps a window of attempts in flight at once, and ends when the dispatcher closes. The engine's
 * rules step by step: {@link WebhookDispatcherTest}.
 */
class WebhookDispatcherWorkerTest extends WebhookDispatcherFixture {
    WebhookDispatcherWorkerTest() {
        super(false);
    }

    @Test
    void theWorkerStartsWithTheFirstDeliveryAsADaemonAndSendsWhatComesDueOnTheSandboxClock() {
        assertThat(workers()).as("no thread before the first delivery").isEmpty();
        receiver.answer(d -> InProcessReceiver.status(d.id().equals(id(1)) && d.attempts().isEmpty() ? 500 : 200));
        deliver(1, A, T0);
        assertThat(awaitAttempts(id(1), 1).nextAttemptAt()).isEqualTo(T0.plus(Duration.ofMinutes(1)));
        assertThat(workers()).singleElement().satisfies(worker -> assertThat(worker.isDaemon()).isTrue());
        // nothing is enqueued: the worker, watching the clock for the retry, sees it come due
        clock.set(T0.plus(Duration.ofMinutes(1)));
        assertThat(awaitStatus(id(1), WebhookDelivery.DELIVERED).attempts()).hasSize(2);
        deliver(2, A, T0.plus(Duration.ofMinutes(1)));
        assertThat(awaitStatus(id(2), WebhookDelivery.DELIVERED).attempts()).hasSize(1);
        assertThat(workers()).hasSize(1);
    }

    @Test
    void aBacklogOfFortyEventsHasEightAttemptsInFlightAtOnceAndEveryEventIsDeliveredOnce() {
        receiver.answer(d -> null);
        deliverBurst(40, A);
        List<InProcessReceiver.Sent> window = awaitSent(DeliveryLane.WINDOW);
        assertThat(window).extracting(InProcessReceiver.Sent::deliveryId)
                .containsExactly(id(1), id(2), id(3), id(4), id(5), id(6), id(7), id(8));
        receiver.answer(d -> InProcessReceiver.status(200));
        window.forEach(sent -> receiver.answer(sent, InProcessReceiver.status(200)));
        for (int n = 1; n <= 40; n++) {
            assertThat(awaitStatus(id(n), WebhookDelivery.DELIVERED).attempts()).as(id(n)).hasSize(1);
        }
        assertThat(receiver.sentIds()).hasSize(40).doesNotHaveDuplicates();
    }

    @Test
    void aDeliveryIsFirstSentOnceTheDurabilityBarrierReturned() throws InterruptedException {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger passes = new AtomicInteger();
        dispatcher.durableBarrier(() -> {
            passes.incrementAndGet();
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        deliver(1, A, T0);
        assertThat(entered.await(WITHIN.toSeconds(), TimeUnit.SECONDS)).as("the barrier was asked").isTrue();
        assertThat(receiver.sent()).as("nothing is sent while the change is not on disk").isEmpty();
        release.countDown();
        assertThat(awaitStatus(id(1), WebhookDelivery.DELIVERED).attempts()).hasSize(1);
        assertThat(passes).hasValue(1);
    }

    @Test
    void closingClosesTheTransportAndEndsTheWorkerAndAClosedDispatcherStartsNoOther() {
        receiver.answer(d -> null);
        deliver(1, A, T0);
        awaitSent(1);
        dispatcher.close();
        assertThat(receiver.isClosed()).isTrue();
        Await.until("the dispatcher's thread ended", WITHIN, this::workers, List::isEmpty);
        deliver(2, A, T0);
        assertThat(workers()).as("enqueueing after close starts no worker").isEmpty();
        assertThat(transportsMade).hasValue(1);
        assertThat(stored(id(1)).status()).isEqualTo(WebhookDelivery.PENDING);
    }

    @Test
    void aDispatcherThatNeverStartedClosesAtOnce() {
        dispatcher.close();
        dispatcher.close();
        assertThat(workers()).isEmpty();
        assertThat(transportsMade).hasValue(0);
    }

    @Test
    void anAttemptPickedAsTheDispatcherClosesIsNotSentAndNoTransportIsMade() {
        // the test holds the state's write lock: the worker, having picked the delivery, waits to read it
        state.update(s -> {
            deliver(1, A, T0);
            Await.until("the worker waiting to read the delivery it picked", WITHIN, this::workerStack,
                    stack -> stack.contains("StateHolder.read"));
            dispatcher.close();
        });
        Await.until("the dispatcher's thread ended", WITHIN, this::workers, List::isEmpty);
        assertThat(transportsMade).hasValue(0);
        assertThat(receiver.sent()).isEmpty();
        assertThat(stored(id(1)).attempts()).isEmpty();
    }
}
