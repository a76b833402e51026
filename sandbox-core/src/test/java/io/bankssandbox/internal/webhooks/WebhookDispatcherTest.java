package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.clock.ClockMode;
import io.bankssandbox.internal.clock.SandboxClock;
import io.bankssandbox.internal.events.DomainEvents;
import io.bankssandbox.internal.state.IdGenerator;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateHolder;
import io.bankssandbox.internal.testing.Await;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The delivery engine on its own, through its transport seam: a receiver in this JVM instead of a
 * socket, the sandbox clock frozen and moved by the test. Retries come due on the sandbox clock and
 * never before; a lane sends in event order, one at a time until a backlog opens its window; a
 * delivery waits for the durability barrier; the inbox needs no transport. When the state moves
 * under it, and closing: {@link WebhookDispatcherStateTest}.
 */
class WebhookDispatcherTest extends WebhookDispatcherFixture {
    @Test
    void aDueDeliveryIsSentAndItsResultWrittenWithTheSandboxTimeOfTheAttempt() {
        receiver.answer(d -> new WebhookTransport.Outcome(204, null, 7));
        deliver(1, A, T0);
        WebhookDelivery delivered = awaitStatus(id(1), WebhookDelivery.DELIVERED);
        assertThat(delivered.attempts()).containsExactly(new WebhookDelivery.Attempt(T0, 204, null, 7));
        assertThat(delivered.nextAttemptAt()).isNull();
        assertThat(receiver.sent()).singleElement().satisfies(sent -> {
            assertThat(sent.endpoint().id()).isEqualTo(A);
            assertThat(sent.delivery()).isEqualTo(row(1, A, T0));
        });
        assertThat(transportsMade).hasValue(1);
    }

    @Test
    void anAttemptThatGotNoAnswerIsWrittenWithItsError() {
        receiver.answer(d -> new WebhookTransport.Outcome(null, "connection refused", 2));
        deliver(1, A, T0);
        WebhookDelivery retrying = awaitAttempts(id(1), 1);
        assertThat(retrying.attempts()).containsExactly(new WebhookDelivery.Attempt(T0, null, "connection refused", 2));
        assertThat(retrying.status()).isEqualTo(WebhookDelivery.PENDING);
        assertThat(retrying.nextAttemptAt()).isEqualTo(T0.plus(Duration.ofMinutes(1)));
    }

    @Test
    void aFailedAttemptIsRetriedWhenTheSandboxClockReachesItsDueTimeAndNotBefore() {
        receiver.answer(d -> InProcessReceiver.status(d.id().equals(id(1)) ? 500 : 200));
        deliver(1, A, T0);
        assertThat(awaitAttempts(id(1), 1).nextAttemptAt()).isEqualTo(T0.plus(Duration.ofMinutes(1)));

        // a millisecond early: a newer event on the same lane goes out, and the retry, older, would have gone first
        Instant early = T0.plus(Duration.ofMinutes(1)).minusMillis(1);
        clock.set(early);
        deliver(2, A, early);
        awaitStatus(id(2), WebhookDelivery.DELIVERED);
        assertThat(receiver.sentIds()).containsExactly(id(1), id(2));

        clock.set(T0.plus(Duration.ofMinutes(1)));
        WebhookDelivery retried = awaitAttempts(id(1), 2);
        assertThat(retried.attempts()).extracting(WebhookDelivery.Attempt::at)
                .containsExactly(T0, T0.plus(Duration.ofMinutes(1)));
        assertThat(retried.nextAttemptAt()).isEqualTo(T0.plus(Duration.ofMinutes(6)));
        assertThat(receiver.sentIds()).containsExactly(id(1), id(2), id(1));

        // the clock jumps a day: the retry due at +6 min goes out once, at the time the clock says
        clock.set(T0.plus(Duration.ofDays(1)));
        WebhookDelivery late = awaitAttempts(id(1), 3);
        assertThat(late.attempts().get(2).at()).isEqualTo(T0.plus(Duration.ofDays(1)));
        assertThat(late.nextAttemptAt()).isEqualTo(T0.plus(Duration.ofDays(1)).plus(Duration.ofMinutes(30)));
    }

    @Test
    void aLaneSendsItsEventsInOrderTheNextOnlyOnceTheAttemptBeforeItEnded() {
        receiver.answer(d -> null);
        deliver(1, A, T0);
        deliver(2, A, T0);
        deliver(3, A, T0);
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            InProcessReceiver.Sent sent = awaitSent(i + 1).get(i);
            order.add(sent.deliveryId());
            receiver.answer(sent, InProcessReceiver.status(200));
        }
        assertThat(order).containsExactly(id(1), id(2), id(3));
        for (int i = 1; i <= 3; i++) {
            assertThat(awaitStatus(id(i), WebhookDelivery.DELIVERED).attempts()).hasSize(1);
        }
        assertThat(receiver.sent()).hasSize(3);
    }

    @Test
    void aBacklogOfFortyEventsHasEightAttemptsInFlightAtOnceAndEveryEventIsDeliveredOnce() {
        receiver.answer(d -> null);
        List<WebhookDelivery> burst = new ArrayList<>();
        for (int n = 1; n <= 40; n++) {
            burst.add(row(n, A, T0));
        }
        state.update(s -> burst.forEach(s.table(WebhookDelivery.TABLE)::put));
        dispatcher.enqueue(burst);
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
    void eachEndpointHasItsOwnLaneAndAReceiverThatHangsHoldsBackOnlyItsOwn() {
        receiver.answer(d -> d.endpointId().equals(A) ? null : InProcessReceiver.status(200));
        deliver(1, A, T0);
        deliver(2, A, T0);
        deliver(3, B, T0);
        deliver(4, B, T0);
        awaitStatus(id(4), WebhookDelivery.DELIVERED);
        awaitStatus(id(3), WebhookDelivery.DELIVERED);
        InProcessReceiver.Sent held = awaitSent(3).stream().filter(s -> s.deliveryId().equals(id(1))).findFirst()
                .orElseThrow();
        assertThat(receiver.sentIds()).containsExactlyInAnyOrder(id(1), id(3), id(4));
        receiver.answer(held, InProcessReceiver.status(200));
        awaitSent(4);
        assertThat(receiver.sentIds()).endsWith(id(2));
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
    void aBarrierThatFailsLogsAndTheReceiverStillHearsOfTheChange() {
        AtomicInteger passes = new AtomicInteger();
        dispatcher.durableBarrier(() -> {
            passes.incrementAndGet();
            throw new IllegalStateException("disk full");
        });
        deliver(1, A, T0);
        assertThat(awaitStatus(id(1), WebhookDelivery.DELIVERED).attempts()).hasSize(1);
        deliver(2, A, T0);
        assertThat(awaitStatus(id(2), WebhookDelivery.DELIVERED).attempts()).hasSize(1);
        assertThat(passes).hasValue(2);
    }

    @Test
    void aRetryComingDueIsNotHeldAtTheBarrierAgain() {
        AtomicInteger passes = new AtomicInteger();
        dispatcher.durableBarrier(passes::incrementAndGet);
        receiver.answer(d -> InProcessReceiver.status(d.attempts().isEmpty() ? 500 : 200));
        deliver(1, A, T0);
        awaitAttempts(id(1), 1);
        clock.set(T0.plus(Duration.ofMinutes(1)));
        assertThat(awaitStatus(id(1), WebhookDelivery.DELIVERED).attempts()).hasSize(2);
        assertThat(passes).hasValue(1);
    }

    @Test
    void theInboxReceivesEveryDueDeliveryAtOnceWithoutATransport() {
        deliver(1, INBOX, T0);
        deliver(2, INBOX, T0);
        assertThat(awaitStatus(id(1), WebhookDelivery.DELIVERED).attempts())
                .containsExactly(new WebhookDelivery.Attempt(T0, 200, null, 0));
        assertThat(awaitStatus(id(2), WebhookDelivery.DELIVERED).attempts())
                .containsExactly(new WebhookDelivery.Attempt(T0, 200, null, 0));
        assertThat(transportsMade).hasValue(0);
        assertThat(receiver.sent()).isEmpty();
    }

}
