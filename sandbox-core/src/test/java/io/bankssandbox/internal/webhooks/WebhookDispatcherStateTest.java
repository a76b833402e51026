package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.state.SandboxState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The delivery engine, driven by the test, when its state moves under it: a result for a replaced
 * state is dropped, a delivery no longer pending is not sent, a stale entry waits for its later
 * time, a deleted endpoint's lane is dropped.
 */
class WebhookDispatcherStateTest extends WebhookDispatcherFixture {
    WebhookDispatcherStateTest() {
        super(true);
    }

    @Test
    void aResultThatArrivesForAReplacedStateIsDroppedAndTheNewStatesDeliveriesAreSent() throws InterruptedException {
        receiver.answer(d -> null);
        deliver(1, A, T0);
        sendDue();
        InProcessReceiver.Sent before = receiver.sent().get(0);

        // an import: the new state holds the same delivery, pending and never attempted
        SandboxState imported = emptyState();
        imported.table(WebhookDelivery.TABLE).put(row(1, A, T0));
        imported.table(WebhookDelivery.TABLE).put(row(2, B, T0).after(new WebhookDelivery.Attempt(T0, 200, null, 1)));
        state.replace(imported, () -> dispatcher.rebuild(imported));
        sendDue();
        assertThat(receiver.sentIds()).as("the new state's pending delivery, not its delivered one")
                .containsExactly(id(1), id(1));
        InProcessReceiver.Sent after = receiver.sent().get(1);

        receiver.answer(before, InProcessReceiver.status(500));
        assertThat(stored(id(1)).attempts()).as("the old state's result is not written into the new one").isEmpty();
        receiver.answer(after, new WebhookTransport.Outcome(200, null, 3));
        WebhookDelivery delivered = stored(id(1));
        assertThat(delivered.status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(delivered.attempts()).containsExactly(new WebhookDelivery.Attempt(T0, 200, null, 3));
        sendDue();
        assertThat(receiver.sentIds()).as("a delivered row is not sent again").containsExactly(id(1), id(1));
    }

    @Test
    void aResultForADeliveryThatMovedOnMeanwhileIsNotWritten() throws InterruptedException {
        receiver.answer(d -> null);
        deliver(1, A, T0);
        sendDue();
        InProcessReceiver.Sent inFlight = receiver.sent().get(0);
        // redelivered by hand while the attempt is in flight: an attempt written meanwhile
        WebhookDelivery moved = stored(id(1)).after(new WebhookDelivery.Attempt(T0, 503, null, 1));
        state.update(s -> s.table(WebhookDelivery.TABLE).put(moved));
        receiver.answer(inFlight, InProcessReceiver.status(200));
        assertThat(stored(id(1))).isEqualTo(moved);
    }

    @Test
    void aDeliveryNoLongerPendingWhenItsTurnComesIsNotSent() throws InterruptedException {
        receiver.answer(d -> null);
        deliver(1, A, T0);
        sendDue();
        InProcessReceiver.Sent first = receiver.sent().get(0);
        deliver(2, A, T0);
        deliver(3, A, T0);
        // delivery 2 ends meanwhile (its endpoint's deliveries abandoned, say) while it waits behind 1
        state.update(s -> s.table(WebhookDelivery.TABLE).put(stored(id(2)).abandoned()));
        receiver.answer(d -> InProcessReceiver.status(200));
        receiver.answer(first, InProcessReceiver.status(200));
        sendDue();
        assertThat(stored(id(3)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(receiver.sentIds()).containsExactly(id(1), id(3));
        assertThat(stored(id(2)).attempts()).isEmpty();
    }

    @Test
    void aDeliveryTheStateNoLongerHoldsIsNotSentAndFreesItsLane() throws InterruptedException {
        dispatcher.enqueue(List.of(row(1, A, T0))); // enqueued, never committed
        deliver(2, A, T0);
        sendDue();
        assertThat(receiver.sentIds()).containsExactly(id(2));
        assertThat(stored(id(1))).isNull();
    }

    @Test
    void aStaleEntryForADeliveryRescheduledLaterWaitsForTheLaterTime() throws InterruptedException {
        // the lane was told "due now", the row (redelivered, failed again) says a minute later
        Instant later = T0.plus(Duration.ofMinutes(1));
        WebhookDelivery rescheduled = row(1, A, later);
        state.update(s -> s.table(WebhookDelivery.TABLE).put(rescheduled));
        dispatcher.enqueue(List.of(row(1, A, T0)));
        deliver(2, A, T0);
        sendDue();
        assertThat(stored(id(2)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(receiver.sentIds()).containsExactly(id(2));
        clock.set(later.minusMillis(1));
        sendDue();
        assertThat(receiver.sentIds()).containsExactly(id(2));
        clock.set(later);
        sendDue();
        assertThat(stored(id(1)).attempts()).extracting(WebhookDelivery.Attempt::at).containsExactly(later);
        assertThat(receiver.sentIds()).containsExactly(id(2), id(1));
    }

    @Test
    void aDeletedEndpointsLaneIsDroppedAndItsRetriesAreNeverSent() throws InterruptedException {
        receiver.answer(d -> InProcessReceiver.status(d.endpointId().equals(A) ? 500 : 200));
        deliver(1, A, T0);
        sendDue();
        assertThat(stored(id(1)).attempts()).hasSize(1);
        state.update(s -> s.table(WebhookDelivery.TABLE).put(stored(id(1)).abandoned()));
        dispatcher.endpointRemoved(A);
        clock.set(T0.plus(Duration.ofHours(1)));
        deliver(2, B, T0.plus(Duration.ofHours(1)));
        sendDue();
        assertThat(stored(id(2)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        assertThat(receiver.sentIds()).containsExactly(id(1), id(2));
        assertThat(stored(id(1)).attempts()).hasSize(1);
    }

    @Test
    void aDeliveryWhoseEndpointIsGoneFromTheStateIsNotSent() throws InterruptedException {
        deliver(1, A, T0);
        state.update(s -> {
            WebhookEndpoint a = s.table(WebhookEndpoint.TABLE).get(A);
            s.table(WebhookEndpoint.TABLE).put(new WebhookEndpoint(A, T0, a.url(), a.apiKey(), a.events(), null,
                    a.origin(), T0)); // deleted (its deliveries still pending: the lane was not told)
        });
        deliver(2, B, T0);
        sendDue();
        assertThat(receiver.sentIds()).containsExactly(id(2));
        assertThat(stored(id(1)).attempts()).isEmpty();
    }

    @Test
    void aResultForAnEndpointRemovedWhileInFlightIsWrittenButTheLaneSendsNothingMore() throws InterruptedException {
        receiver.answer(d -> null);
        deliver(1, A, T0);
        deliver(2, A, T0);
        sendDue();
        InProcessReceiver.Sent inFlight = receiver.sent().get(0);
        dispatcher.endpointRemoved(A);
        receiver.answer(inFlight, InProcessReceiver.status(200));
        assertThat(stored(id(1)).status()).isEqualTo(WebhookDelivery.DELIVERED);
        sendDue();
        assertThat(receiver.sentIds()).containsExactly(id(1));
    }

    @Test
    void aClosedDispatcherSendsNothingWhenDriven() throws InterruptedException {
        deliver(1, A, T0);
        dispatcher.close();
        assertThat(dispatcher.pass(false)).isFalse();
        assertThat(receiver.sent()).isEmpty();
        assertThat(transportsMade).hasValue(0);
    }
}
