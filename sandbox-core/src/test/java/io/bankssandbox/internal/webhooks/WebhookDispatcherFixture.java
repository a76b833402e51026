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
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The delivery engine on its own, through its transport seam: a receiver in this JVM instead of a
 * socket, the sandbox clock frozen and moved by the test (the fixture of {@link WebhookDispatcherTest},
 * {@link WebhookDispatcherStateTest} and {@link WebhookDispatcherWorkerTest}).
 *
 * <p>Driven, the engine has no thread of its own: the test sends what is due with {@link #sendDue()}
 * and the receiver answers on the calling thread, so each step is done when the call returns and
 * what has not happened is known not to (a broken rule fails at once, not at a deadline). Otherwise
 * the engine runs on its worker thread and the receiver's threads, and the test waits for results.
 */
abstract class WebhookDispatcherFixture {
    static final Instant T0 = Instant.parse("2026-03-02T15:00:00Z");
    static final Duration WITHIN = Duration.ofSeconds(30);
    static final String KEY = "lm_key_test";
    static final String A = "webhook_endpoint_a";
    static final String B = "webhook_endpoint_b";
    static final String INBOX = "webhook_endpoint_inbox";

    /** Far more rounds than any test needs: an engine that never settles fails the test instead of hanging it. */
    private static final int MOST_ROUNDS = 10_000;

    final SandboxClock clock = new SandboxClock(ClockMode.FROZEN, T0);
    final boolean driven;
    final InProcessReceiver receiver;
    final AtomicInteger transportsMade = new AtomicInteger();
    StateHolder state;
    WebhookDispatcher dispatcher;
    String name;

    WebhookDispatcherFixture(boolean driven) {
        this.driven = driven;
        this.receiver = driven ? InProcessReceiver.onTheCallingThread() : new InProcessReceiver();
    }

    @BeforeEach
    void start() {
        state = new StateHolder(emptyState(), new DomainEvents<>());
        WebhookEndpoints endpoints = WebhookEndpoints.configured(List.of(), state.read(s -> s), T0);
        name = "webhooks-test-" + System.identityHashCode(this);
        dispatcher = new WebhookDispatcher(name, state, clock, endpoints, () -> {
            transportsMade.incrementAndGet();
            return receiver;
        }, !driven);
    }

    /** Driven: sends everything due now on the sandbox clock, on this thread, and what that sets off. */
    void sendDue() throws InterruptedException {
        for (int round = 0; dispatcher.pass(false); round++) {
            assertThat(round).as("rounds before the engine settles").isLessThan(MOST_ROUNDS);
        }
    }

    @AfterEach
    void stop() {
        dispatcher.close();
        receiver.close();
    }

    static SandboxState emptyState() {
        SandboxState s = new SandboxState(WebhooksModel.PART, List.of(new ApiKey(KEY, "every entity", List.of(ApiKey.ALL))),
                new IdGenerator(1, IdGenerator.FIRST_RUNTIME_COUNTER), T0);
        for (String id : List.of(A, B, INBOX)) {
            s.table(WebhookEndpoint.TABLE).put(new WebhookEndpoint(id, T0, id.equals(INBOX) ? WebhookEndpoint.INBOX
                    : "http://receiver.test/" + id, KEY, WebhookEndpoints.EVENTS, null, WebhookEndpoint.CONTROL, null));
        }
        return s;
    }

    static String id(int n) {
        return String.format("webhook_delivery_%08d", n);
    }

    static WebhookDelivery row(int n, String endpoint, Instant due) {
        return new WebhookDelivery(id(n), "event_" + n, WebhookEndpoints.TRANSACTION_CREATED, endpoint, T0,
                JsonNodeFactory.instance.objectNode().put("n", n), WebhookDelivery.PENDING, List.of(), due, 0);
    }

    /** A delivery committed and handed to the dispatcher, as the service does after a write. */
    WebhookDelivery deliver(int n, String endpoint, Instant due) {
        WebhookDelivery delivery = row(n, endpoint, due);
        state.update(s -> s.table(WebhookDelivery.TABLE).put(delivery));
        dispatcher.enqueue(List.of(delivery));
        return delivery;
    }

    /** Deliveries 1 to {@code count} for {@code endpoint}, committed in one write and handed over together, as a burst's are. */
    void deliverBurst(int count, String endpoint) {
        List<WebhookDelivery> burst = new java.util.ArrayList<>();
        for (int n = 1; n <= count; n++) {
            burst.add(row(n, endpoint, T0));
        }
        state.update(s -> burst.forEach(s.table(WebhookDelivery.TABLE)::put));
        dispatcher.enqueue(burst);
    }

    WebhookDelivery stored(String deliveryId) {
        return state.read(s -> s.table(WebhookDelivery.TABLE).get(deliveryId));
    }

    WebhookDelivery awaitAttempts(String deliveryId, int count) {
        return Await.until(count + " attempts of " + deliveryId, WITHIN, () -> stored(deliveryId),
                d -> d.attempts().size() >= count);
    }

    WebhookDelivery awaitStatus(String deliveryId, String status) {
        return Await.until(deliveryId + " " + status, WITHIN, () -> stored(deliveryId), d -> d.status().equals(status));
    }

    List<InProcessReceiver.Sent> awaitSent(int count) {
        return Await.until(count + " attempts sent", WITHIN, receiver::sent, sent -> sent.size() >= count);
    }

    String workerStack() {
        StringBuilder stack = new StringBuilder();
        for (Thread worker : workers()) {
            for (StackTraceElement frame : worker.getStackTrace()) {
                stack.append(frame.getClassName().substring(frame.getClassName().lastIndexOf('.') + 1)).append('.')
                        .append(frame.getMethodName()).append('\n');
            }
        }
        return stack.toString();
    }

    List<Thread> workers() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name)).toList();
    }
}
