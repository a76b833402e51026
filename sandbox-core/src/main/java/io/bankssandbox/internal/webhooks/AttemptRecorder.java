package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.state.StateHolder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.LoggerFactory;

/**
 * Writes the results of attempts into the state. Results that come in together (a burst, several
 * attempts in flight) share one write: the thread that finds no write in progress writes everything
 * queued so far, the others leave theirs and go on. A burst then takes the state's write lock, which
 * every API write needs too, once per batch rather than once per attempt.
 */
final class AttemptRecorder {
    /** At most this many results in one write, so an API call never waits long behind one. */
    private static final int BATCH = 256;

    /** An attempt's result, for the delivery as it was when the attempt was picked. */
    record Result(String deliveryId, long generation, int attemptsBefore, WebhookDelivery.Attempt attempt,
                  DeliveryLane lane) {}

    /** A delivery still pending after its result was written (a retry), and the lane it goes back to. */
    record Retry(DeliveryLane lane, WebhookDelivery delivery) {}

    private final StateHolder state;
    /** The generation of the state the lanes index (see the dispatcher); read under the write lock. */
    private final LongSupplier generation;
    private final Consumer<List<Retry>> retries;
    private final ConcurrentLinkedQueue<Result> queued = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean writing = new AtomicBoolean();

    AttemptRecorder(StateHolder state, LongSupplier generation, Consumer<List<Retry>> retries) {
        this.state = state;
        this.generation = generation;
        this.retries = retries;
    }

    /** Written before this returns, or by the thread writing now, which looks again once its write is done. */
    void record(Result result) {
        queued.add(result);
        while (!queued.isEmpty() && writing.compareAndSet(false, true)) {
            List<Retry> pending = new ArrayList<>();
            try {
                List<Result> batch = new ArrayList<>();
                for (Result next; batch.size() < BATCH && (next = queued.poll()) != null; ) {
                    batch.add(next);
                }
                write(batch, pending);
            } catch (RuntimeException e) {
                // the write applied (a state file that cannot sync throws after the commit); the lanes still hear of retries
                LoggerFactory.getLogger(AttemptRecorder.class).warn("webhooks: attempt results: {}", e.getMessage());
            } finally {
                writing.set(false);
                retries.accept(pending);
            }
        }
    }

    private void write(List<Result> batch, List<Retry> pending) {
        state.write(s -> {
            long current = generation.getAsLong();
            for (Result result : batch) {
                WebhookDelivery delivery = s.table(WebhookDelivery.TABLE).get(result.deliveryId());
                if (result.generation() != current || delivery == null || !delivery.isPending()
                        || delivery.attempts().size() != result.attemptsBefore()) {
                    continue; // the state was replaced, or the delivery moved on meanwhile
                }
                WebhookDelivery updated = delivery.after(result.attempt());
                s.table(WebhookDelivery.TABLE).put(updated);
                if (updated.isPending()) {
                    pending.add(new Retry(result.lane(), updated));
                }
            }
            return null;
        });
    }
}
