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
 * The delivery engine when its state moves under it: a result for a replaced state is dropped, a
 * delivery no longer pending is not sent, a stale entry waits for its later time, a deleted
 * endpoint's lane is dropped; and closing abandons what is in flight.
 */
class WebhookDispatcherStateTest extends WebhookDispatcherFixture {
    @Test
    void aResultThatArrivesForAReplacedStateIsDroppedAndTheNewStatesDeliveriesAreSent() {
        receiver.answer(d -> null);
        deliver(1, A, T0);
        InProcessReceiver.Sent before = awaitSent(1).get(0);

        // an import: the new state holds the same delivery, pending and never attempted
        SandboxState imported = emptyState();
        imported.table(WebhookDelivery.TABLE).put(row(1, A, T0));
        imported.table(WebhookDelivery.TABLE).put(row(2, B, T0).after(new WebhookDelivery.Attempt(T0, 200, null, 1)));
        state.replace(imported, () -> dispatcher.rebuild(imported));
        InProcessReceiver.Sent after = awaitSent(2).get(1);
        assertThat(after.deliveryId()).isEqualTo(id(1));

        // answered on this thread, the old attempt's result is handled before complete() returns
        before.answer().complete(InProcessReceiver.status(500));
        assertThat(stored(id(1)).attempts()).as("the old state's result is not written into the new one").isEmpty();
        receiver.answer(after, InProcessReceiver.status(200));
        WebhookDelivery delivered = awaitStatus(id(1), WebhookDelivery.DELIVERED);
        assertThat(delivered.attempts()).containsExactly(new WebhookDelivery.Attempt(T0, 200, null, 3));
        assertThat(receiver.sentIds()).as("a delivered row is not sent again").containsExactly(id(1), id(1));
    }

    @Test
    void aDeliveryNoLongerPendingWhenItsTurnComesIsNotSent() {
        receiver.answer(d -> null);
        deliver(1, A, T0);
        InProcessReceiver.Sent first = awaitSent(1).get(0);
        deliver(2, A, T0);
        deliver(3, A, T0);
        // delivery 2 ends meanwhile (its endpoint's deliveries abandoned, say) while it waits behind 1
        state.update(s -> s.table(WebhookDelivery.TABLE).put(stored(id(2)).abandoned()));
        receiver.answer(d -> InProcessReceiver.status(200));
        receiver.answer(first, InProcessReceiver.status(200));
        awaitStatus(id(3), WebhookDelivery.DELIVERED);
        assertThat(receiver.sentIds()).containsExactly(id(1), id(3));
        assertThat(stored(id(2)).attempts()).isEmpty();
    }

    @Test
    void aStaleEntryForADeliveryRescheduledLaterWaitsForTheLaterTime() {
        // the lane was told "due now", the row (redelivered, failed again) says a minute later
        Instant later = T0.plus(Duration.ofMinutes(1));
        WebhookDelivery rescheduled = row(1, A, later);
        state.update(s -> s.table(WebhookDelivery.TABLE).put(rescheduled));
        dispatcher.enqueue(List.of(row(1, A, T0)));
        deliver(2, A, T0);
        awaitStatus(id(2), WebhookDelivery.DELIVERED);
        assertThat(receiver.sentIds()).containsExactly(id(2));
        clock.set(later);
        assertThat(awaitStatus(id(1), WebhookDelivery.DELIVERED).attempts()).extracting(WebhookDelivery.Attempt::at)
                .containsExactly(later);
        assertThat(receiver.sentIds()).containsExactly(id(2), id(1));
    }

    @Test
    void aDeletedEndpointsLaneIsDroppedAndItsRetriesAreNeverSent() {
        receiver.answer(d -> InProcessReceiver.status(d.endpointId().equals(A) ? 500 : 200));
        deliver(1, A, T0);
        awaitAttempts(id(1), 1);
        state.update(s -> s.table(WebhookDelivery.TABLE).put(stored(id(1)).abandoned()));
        dispatcher.endpointRemoved(A);
        clock.set(T0.plus(Duration.ofHours(1)));
        deliver(2, B, T0.plus(Duration.ofHours(1)));
        awaitStatus(id(2), WebhookDelivery.DELIVERED);
        assertThat(receiver.sentIds()).containsExactly(id(1), id(2));
        assertThat(stored(id(1)).attempts()).hasSize(1);
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
