package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.clock.SandboxClock;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateHolder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;

/**
 * The delivery engine: one worker thread per sandbox (started with the first delivery) picks what is
 * due on the sandbox clock and hands it to the sender, whose own threads do the HTTP. Each endpoint
 * has a {@link DeliveryLane}: due deliveries are sent in the order their events occurred, one at a
 * time while the receiver keeps up and a few at once under a backlog; one waiting for a retry does
 * not hold back newer ones. Results are written back into the state by the {@link AttemptRecorder}.
 *
 * <p>The lanes are an index of the state's pending deliveries, rebuilt whenever the state is
 * replaced (reset, import, state file); a result that arrives for a replaced state is dropped.
 */
final class WebhookDispatcher implements AutoCloseable {
    /** How often a lane with a retry waiting looks at the clock (a frozen one moves only when advanced). */
    private static final long CLOCK_POLL_MILLIS = 20;
    static final long CLOSE_WAIT_MILLIS = 1_000;

    private final String name;
    private final boolean ownThread;
    private final StateHolder state;
    private final SandboxClock clock;
    private final WebhookEndpoints endpoints;
    private final Supplier<WebhookTransport> transport;
    private final AttemptRecorder recorder;
    private final Object lock = new Object();
    private final Map<String, DeliveryLane> lanes = new HashMap<>(); // guarded by lock
    /** Which state the lanes index; changed only under the state's write lock. */
    private volatile long generation;
    /** Null in memory: a committed change is all there is to wait for. */
    private volatile Runnable durableBarrier;
    /**
     * Durability tickets, guarded by lock: with a barrier each enqueue takes the next ticket, and a
     * delivery is sent only once the worker passed a barrier covering its ticket. Any thread may send
     * what is durable meanwhile, so a burst keeps flowing while the state file syncs.
     */
    private long enqueuedTicket;
    private long durableTicket;
    private boolean closed; // guarded by lock
    private Thread worker; // guarded by lock
    private WebhookTransport sender; // guarded by lock

    /** {@code transport} makes the sender, with the first attempt that needs one. */
    WebhookDispatcher(String name, StateHolder state, SandboxClock clock, WebhookEndpoints endpoints,
                      Supplier<WebhookTransport> transport) {
        this(name, state, clock, endpoints, transport, true);
    }

    /**
     * {@code ownThread} false: no worker thread is started and whoever calls {@link #pass} drives the
     * engine, one round at a time on its own thread (a test, with a transport that answers on the
     * calling thread: every rule of the lanes, retries and barriers then holds or fails at once).
     */
    WebhookDispatcher(String name, StateHolder state, SandboxClock clock, WebhookEndpoints endpoints,
                      Supplier<WebhookTransport> transport, boolean ownThread) {
        this.ownThread = ownThread;
        this.name = name;
        this.state = state;
        this.clock = clock;
        this.endpoints = endpoints;
        this.transport = transport;
        this.recorder = new AttemptRecorder(state, () -> generation, this::retryLater);
    }

    /** Runs before the first attempt of new deliveries: returns once their change is on disk. */
    void durableBarrier(Runnable barrier) {
        this.durableBarrier = barrier;
    }

    /** New or redelivered deliveries, once their write has committed. */
    void enqueue(Collection<WebhookDelivery> deliveries) {
        if (deliveries.isEmpty()) {
            return;
        }
        synchronized (lock) {
            long ticket = durableBarrier == null ? 0 : ++enqueuedTicket;
            Instant now = clock.now();
            for (WebhookDelivery delivery : deliveries) {
                lanes.computeIfAbsent(delivery.endpointId(), DeliveryLane::new)
                        .add(delivery.id(), delivery.nextAttemptAt(), now, ticket);
            }
            startWorker();
            lock.notifyAll();
        }
    }

    /** Under the state's write lock, as the state is replaced: index its pending deliveries afresh. */
    void rebuild(SandboxState replaced) {
        generation++;
        List<WebhookDelivery> pending = replaced.table(WebhookDelivery.TABLE).all().stream()
                .filter(WebhookDelivery::isPending).toList();
        synchronized (lock) {
            lanes.clear();
        }
        enqueue(pending);
    }

    void endpointRemoved(String endpointId) {
        synchronized (lock) {
            lanes.remove(endpointId);
        }
    }

    /** Stops sending: attempts in flight are abandoned (they stay pending), and the threads end. */
    @Override
    public void close() {
        Thread running;
        WebhookTransport closing;
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
            running = worker;
            closing = sender;
        }
        if (closing != null) {
            closing.close();
        }
        try {
            if (running != null && running != Thread.currentThread()) {
                running.join(CLOSE_WAIT_MILLIS); // it only ever waits on the lock or a short state read
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void startWorker() {
        if (ownThread && worker == null && !closed) {
            worker = new Thread(this::run, name);
            worker.setDaemon(true);
            worker.start();
        }
    }

    private record Pick(DeliveryLane lane, String deliveryId, long generation) {}

    private void run() {
        try {
            while (pass(true)) {
                // one round after another until closed
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * One round of the worker: passes the durability barrier for what was enqueued, or sends what is
     * due now on the sandbox clock. With nothing to do it waits for a change when {@code wait} (the
     * worker), or returns false (a caller driving the engine: everything due was sent). False once closed.
     */
    boolean pass(boolean wait) throws InterruptedException {
        List<Pick> picks = new ArrayList<>();
        long barrierUpTo = 0;
        synchronized (lock) {
            if (closed) {
                return false;
            }
            if (durableTicket < enqueuedTicket) {
                barrierUpTo = enqueuedTicket;
            } else {
                Instant now = clock.now();
                boolean waiting = false;
                for (DeliveryLane lane : lanes.values()) {
                    lane.promote(now);
                    take(lane, picks);
                    waiting |= lane.hasWaiting();
                }
                if (picks.isEmpty()) {
                    if (wait) {
                        lock.wait(waiting ? CLOCK_POLL_MILLIS : 0);
                    }
                    return wait;
                }
            }
        }
        if (barrierUpTo > 0) {
            passBarrier();
            synchronized (lock) {
                durableTicket = Math.max(durableTicket, barrierUpTo);
            }
        }
        for (Pick pick : picks) {
            attempt(pick);
        }
        return true;
    }

    /** Under lock: as many of the lane's due deliveries as its window lets go now. */
    private void take(DeliveryLane lane, List<Pick> picks) {
        for (String id = lane.take(durableTicket); id != null; id = lane.take(durableTicket)) {
            picks.add(new Pick(lane, id, generation));
        }
    }

    private void passBarrier() {
        try {
            durableBarrier.run(); // set: tickets are drawn only with a barrier
        } catch (RuntimeException e) {
            // the API already answered 503 for a change that is not durable; the receiver still hears of it
            LoggerFactory.getLogger(WebhookDispatcher.class).warn("webhooks: state not on disk before delivery: {}",
                    e.getMessage());
        }
    }

    private record Target(WebhookDelivery delivery, WebhookEndpoint endpoint) {}

    private void attempt(Pick pick) {
        Target target = state.read(s -> {
            WebhookDelivery delivery = s.table(WebhookDelivery.TABLE).get(pick.deliveryId());
            return delivery == null ? null : new Target(delivery, endpoints.find(s, delivery.endpointId()));
        });
        Instant now = clock.now();
        if (target == null || !target.delivery().isPending() || pick.generation() != generation
                || target.endpoint() == null) {
            handBack(pick.lane(), null);
            return;
        }
        WebhookDelivery delivery = target.delivery();
        if (delivery.nextAttemptAt().isAfter(now)) {
            handBack(pick.lane(), delivery);
            return;
        }
        int attemptsBefore = delivery.attempts().size();
        if (target.endpoint().isInbox()) {
            try {
                record(pick, attemptsBefore, new WebhookDelivery.Attempt(now, 200, null, 0));
            } finally {
                handBack(pick.lane(), null);
            }
            return;
        }
        WebhookTransport sender = sender();
        if (sender == null) {
            handBack(pick.lane(), null); // closed
            return;
        }
        sender.send(target.endpoint(), delivery).thenAccept(outcome -> {
            try {
                continueLane(pick.lane()); // the next attempt goes out while this one's result is written
            } finally {
                record(pick, attemptsBefore, new WebhookDelivery.Attempt(now, outcome.statusCode(), outcome.error(),
                        outcome.durationMs()));
            }
        });
    }

    private WebhookTransport sender() {
        synchronized (lock) {
            if (sender == null && !closed) {
                sender = transport.get();
            }
            return closed ? null : sender;
        }
    }

    /**
     * A picked delivery that is not sent after all (gone, not yet due, or handled without HTTP): the
     * lane's slot is freed and the worker takes the lane's next one (no recursion through a long lane).
     */
    private void handBack(DeliveryLane lane, WebhookDelivery notYetDue) {
        synchronized (lock) {
            if (notYetDue != null) {
                lane.add(notYetDue.id(), notYetDue.nextAttemptAt(), clock.now(), 0);
            }
            lane.ended();
            lock.notifyAll();
        }
    }

    /**
     * On the thread that saw an attempt end: send the lane's next due deliveries straight away,
     * without a round trip through the worker (a burst then costs one thread hop per event, not
     * three). The worker still takes over for a durability barrier and for retries coming due.
     */
    private void continueLane(DeliveryLane lane) {
        List<Pick> next = new ArrayList<>();
        synchronized (lock) {
            lane.ended();
            if (closed || lanes.get(lane.endpointId) != lane) {
                return;
            }
            lane.promote(clock.now());
            take(lane, next);
        }
        for (Pick pick : next) {
            attempt(pick);
        }
    }

    private void record(Pick pick, int attemptsBefore, WebhookDelivery.Attempt attempt) {
        recorder.record(new AttemptRecorder.Result(pick.deliveryId(), pick.generation(), attemptsBefore, attempt,
                pick.lane()));
    }

    /** Failed attempts with retries to come go back to their lanes, by due time. */
    private void retryLater(List<AttemptRecorder.Retry> retries) {
        if (retries.isEmpty()) {
            return;
        }
        synchronized (lock) {
            Instant now = clock.now();
            for (AttemptRecorder.Retry retry : retries) {
                retry.lane().add(retry.delivery().id(), retry.delivery().nextAttemptAt(), now, 0);
            }
            lock.notifyAll(); // the worker watches the clock for them
        }
    }
}
