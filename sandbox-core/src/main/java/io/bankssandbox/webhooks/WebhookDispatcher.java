package io.bankssandbox.webhooks;

import io.bankssandbox.clock.SandboxClock;
import io.bankssandbox.state.Json;
import io.bankssandbox.state.SandboxState;
import io.bankssandbox.state.StateHolder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.slf4j.LoggerFactory;

/**
 * The delivery engine: one worker thread per sandbox (started with the first delivery) picks what is
 * due on the sandbox clock and hands it to the sender, whose own threads do the HTTP. Per endpoint
 * one attempt is in flight at a time and due deliveries go in the order their events occurred; one
 * waiting for a retry does not hold back newer ones. Results are written back into the state.
 *
 * <p>The lanes are an index of the state's pending deliveries, rebuilt whenever the state is
 * replaced (reset, import, state file); a result that arrives for a replaced state is dropped.
 */
final class WebhookDispatcher implements AutoCloseable {
    /** How often a lane with a retry waiting looks at the clock (a frozen one moves only when advanced). */
    private static final long CLOCK_POLL_MILLIS = 20;

    private final String name;
    private final StateHolder state;
    private final SandboxClock clock;
    private final WebhookEndpoints endpoints;
    private final String version;
    private final Object lock = new Object();
    private final Map<String, Lane> lanes = new HashMap<>(); // guarded by lock
    /** Which state the lanes index; changed only under the state's write lock. */
    private volatile long generation;
    private volatile Runnable durableBarrier = () -> { };
    private boolean barrierNeeded; // guarded by lock
    private boolean closed; // guarded by lock
    private Thread worker; // guarded by lock
    private WebhookSender sender; // guarded by lock

    WebhookDispatcher(String name, StateHolder state, SandboxClock clock, WebhookEndpoints endpoints, String version) {
        this.name = name;
        this.state = state;
        this.clock = clock;
        this.endpoints = endpoints;
        this.version = version;
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
            Instant now = clock.now();
            for (WebhookDelivery delivery : deliveries) {
                lanes.computeIfAbsent(delivery.endpointId(), id -> new Lane()).add(delivery.id(), delivery.nextAttemptAt(), now);
            }
            barrierNeeded = true;
            startWorker();
            lock.notifyAll();
        }
    }

    /** Under the state's write lock, as the state is replaced: index its pending deliveries afresh. */
    void rebuild(SandboxState replaced) {
        generation++;
        List<WebhookDelivery> pending = new ArrayList<>();
        for (WebhookDelivery delivery : replaced.webhookDeliveries.all()) {
            if (delivery.isPending()) {
                pending.add(delivery);
            }
        }
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

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
            if (sender != null) {
                sender.close();
            }
        }
    }

    private void startWorker() {
        if (worker == null && !closed) {
            worker = new Thread(this::run, name);
            worker.setDaemon(true);
            worker.start();
        }
    }

    private record Pick(Lane lane, String deliveryId, long generation) {}

    private void run() {
        try {
            while (true) {
                List<Pick> picks = new ArrayList<>();
                boolean barrier;
                synchronized (lock) {
                    if (closed) {
                        return;
                    }
                    Instant now = clock.now();
                    boolean waiting = false;
                    for (Lane lane : lanes.values()) {
                        lane.promote(now);
                        if (!lane.inFlight && !lane.ready.isEmpty()) {
                            lane.inFlight = true;
                            picks.add(new Pick(lane, lane.ready.pollFirst(), generation));
                        }
                        waiting |= !lane.waiting.isEmpty();
                    }
                    if (picks.isEmpty()) {
                        lock.wait(waiting ? CLOCK_POLL_MILLIS : 0);
                        continue;
                    }
                    barrier = barrierNeeded;
                    barrierNeeded = false;
                }
                if (barrier) {
                    passBarrier();
                }
                for (Pick pick : picks) {
                    attempt(pick);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void passBarrier() {
        try {
            durableBarrier.run();
        } catch (RuntimeException e) {
            // the API already answered 503 for a change that is not durable; the receiver still hears of it
            LoggerFactory.getLogger(WebhookDispatcher.class).warn("webhooks: state not on disk before delivery: {}",
                    e.getMessage());
        }
    }

    private record Target(WebhookDelivery delivery, WebhookEndpoint endpoint) {}

    private void attempt(Pick pick) {
        Target target = state.read(s -> {
            WebhookDelivery delivery = s.webhookDeliveries.get(pick.deliveryId());
            return delivery == null ? null : new Target(delivery, endpoints.find(s, delivery.endpointId()));
        });
        Instant now = clock.now();
        if (target == null || !target.delivery().isPending() || pick.generation() != generation) {
            release(pick.lane());
            return;
        }
        WebhookDelivery delivery = target.delivery();
        if (delivery.nextAttemptAt().isAfter(now)) {
            synchronized (lock) {
                pick.lane().add(delivery.id(), delivery.nextAttemptAt(), now);
            }
            release(pick.lane());
            return;
        }
        if (target.endpoint() == null) {
            release(pick.lane());
            return;
        }
        int attemptsBefore = delivery.attempts().size();
        if (target.endpoint().isInbox()) {
            record(pick, attemptsBefore, new WebhookDelivery.Attempt(now, 200, null, 0));
            return;
        }
        byte[] body = serialize(delivery);
        String secret = target.endpoint().secret();
        byte[] key = secret == null ? null : StandardWebhooksSignature.key(secret);
        // the timestamp header is the wall clock's: receivers check it against theirs, not the sandbox's
        long timestamp = System.currentTimeMillis() / 1000;
        sender().send(target.endpoint().url(), delivery.eventId(), body, key, timestamp).thenAccept(outcome -> {
            record(pick, attemptsBefore, new WebhookDelivery.Attempt(now, outcome.statusCode(), outcome.error(),
                    outcome.durationMs()));
            continueLane(pick.lane());
        });
    }

    /** The same bytes on every attempt: the body is stored as it was rendered when the event occurred. */
    private static byte[] serialize(WebhookDelivery delivery) {
        try {
            return Json.MAPPER.writeValueAsBytes(delivery.body());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a stored JSON body always serializes", e);
        }
    }

    private WebhookSender sender() {
        synchronized (lock) {
            if (sender == null) {
                sender = new WebhookSender(name, version);
            }
            return sender;
        }
    }

    /**
     * On the thread that saw an attempt end: send the lane's next due delivery straight away, without
     * a round trip through the worker (a burst then costs one thread hop per event, not three). The
     * worker still takes over for a durability barrier and for retries coming due.
     */
    private void continueLane(Lane lane) {
        Pick next = null;
        synchronized (lock) {
            if (closed || lane.inFlight || barrierNeeded) {
                return;
            }
            lane.promote(clock.now());
            if (!lane.ready.isEmpty() && lanes.containsValue(lane)) {
                lane.inFlight = true;
                next = new Pick(lane, lane.ready.pollFirst(), generation);
            }
        }
        if (next != null) {
            attempt(next);
        }
    }

    private void record(Pick pick, int attemptsBefore, WebhookDelivery.Attempt attempt) {
        try {
            WebhookDelivery next = state.write(s -> {
                WebhookDelivery current = s.webhookDeliveries.get(pick.deliveryId());
                if (pick.generation() != generation || current == null || !current.isPending()
                        || current.attempts().size() != attemptsBefore) {
                    return null; // the state was replaced, or the delivery moved on meanwhile
                }
                WebhookDelivery updated = current.after(attempt);
                s.webhookDeliveries.put(updated);
                return updated;
            });
            if (next != null && next.isPending()) {
                synchronized (lock) {
                    pick.lane().add(next.id(), next.nextAttemptAt(), clock.now());
                }
            }
        } finally {
            release(pick.lane());
        }
    }

    private void release(Lane lane) {
        synchronized (lock) {
            lane.inFlight = false;
            lock.notifyAll();
        }
    }

    /** One endpoint's pending deliveries: due ones in event order, the rest by due time. */
    private static final class Lane {
        private record Waiting(Instant at, String id) {}

        /** Delivery ids sort in creation order: their counter comes first. */
        final TreeSet<String> ready = new TreeSet<>();
        final TreeSet<Waiting> waiting = new TreeSet<>(Comparator.comparing(Waiting::at).thenComparing(Waiting::id));
        boolean inFlight;

        void add(String id, Instant at, Instant now) {
            if (at.isAfter(now)) {
                waiting.add(new Waiting(at, id));
            } else {
                ready.add(id);
            }
        }

        void promote(Instant now) {
            while (!waiting.isEmpty() && !waiting.first().at().isAfter(now)) {
                ready.add(waiting.pollFirst().id());
            }
        }
    }
}
