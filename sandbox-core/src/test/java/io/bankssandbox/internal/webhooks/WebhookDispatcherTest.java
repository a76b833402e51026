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
 * delivery waits for the durability barrier; a result for a replaced state is dropped; the inbox
 * needs no transport; closing abandons what is in flight.
 */
class WebhookDispatcherTest {
    private static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    private static final Duration WITHIN = Duration.ofSeconds(30);
    private static final String KEY = "lm_key_test";
    private static final String A = "webhook_endpoint_a";
    private static final String B = "webhook_endpoint_b";
    private static final String INBOX = "webhook_endpoint_inbox";

    private final SandboxClock clock = new SandboxClock(ClockMode.FROZEN, T0);
    private final InProcessReceiver receiver = new InProcessReceiver();
    private final AtomicInteger transportsMade = new AtomicInteger();
    private StateHolder state;
    private WebhookDispatcher dispatcher;
    private String name;

    @BeforeEach
    void start() {
        state = new StateHolder(emptyState(), new DomainEvents<>());
        WebhookEndpoints endpoints = WebhookEndpoints.configured(List.of(), state.read(s -> s), T0);
        name = "webhooks-test-" + System.identityHashCode(this);
        dispatcher = new WebhookDispatcher(name, state, clock, endpoints, () -> {
            transportsMade.incrementAndGet();
            return receiver;
        });
    }

    @AfterEach
    void stop() {
        dispatcher.close();
        receiver.close();
    }

    private static SandboxState emptyState() {
        SandboxState s = new SandboxState(WebhooksModel.PART, List.of(new ApiKey(KEY, "every entity", List.of(ApiKey.ALL))),
                new IdGenerator(1, IdGenerator.FIRST_RUNTIME_COUNTER), T0);
        for (String id : List.of(A, B, INBOX)) {
            s.table(WebhookEndpoint.TABLE).put(new WebhookEndpoint(id, T0, id.equals(INBOX) ? WebhookEndpoint.INBOX
                    : "http://receiver.test/" + id, KEY, WebhookEndpoints.EVENTS, null, WebhookEndpoint.CONTROL, null));
        }
        return s;
    }

    private static String id(int n) {
        return String.format("webhook_delivery_%08d", n);
    }

    private static WebhookDelivery row(int n, String endpoint, Instant due) {
        return new WebhookDelivery(id(n), "event_" + n, WebhookEndpoints.TRANSACTION_CREATED, endpoint, T0,
                JsonNodeFactory.instance.objectNode().put("n", n), WebhookDelivery.PENDING, List.of(), due, 0);
    }

    /** A delivery committed and handed to the dispatcher, as the service does after a write. */
    private WebhookDelivery deliver(int n, String endpoint, Instant due) {
        WebhookDelivery delivery = row(n, endpoint, due);
        state.update(s -> s.table(WebhookDelivery.TABLE).put(delivery));
        dispatcher.enqueue(List.of(delivery));
        return delivery;
    }

    private WebhookDelivery stored(String deliveryId) {
        return state.read(s -> s.table(WebhookDelivery.TABLE).get(deliveryId));
    }

    private WebhookDelivery awaitAttempts(String deliveryId, int count) {
        return Await.until(count + " attempts of " + deliveryId, WITHIN, () -> stored(deliveryId),
                d -> d.attempts().size() >= count);
    }

    private WebhookDelivery awaitStatus(String deliveryId, String status) {
        return Await.until(deliveryId + " " + status, WITHIN, () -> stored(deliveryId), d -> d.status().equals(status));
    }

    private List<InProcessReceiver.Sent> awaitSent(int count) {
        return Await.until(count + " attempts sent", WITHIN, receiver::sent, sent -> sent.size() >= count);
    }

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

    private String workerStack() {
        StringBuilder stack = new StringBuilder();
        for (Thread worker : workers()) {
            for (StackTraceElement frame : worker.getStackTrace()) {
                stack.append(frame.getClassName().substring(frame.getClassName().lastIndexOf('.') + 1)).append('.')
                        .append(frame.getMethodName()).append('\n');
            }
        }
        return stack.toString();
    }

    private List<Thread> workers() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name)).toList();
    }
}
