package io.bankssandbox.internal.webhooks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A webhook receiver in the test's JVM, reached through the dispatcher's transport seam instead of a
 * socket: it keeps every attempt in the order it was sent and answers as the test scripts it, at
 * once or when the test says so. It answers on a thread of its own, as the HTTP sender's threads
 * do, or, {@linkplain #onTheCallingThread() for a dispatcher the test drives}, on the thread that
 * sent or that answers a held attempt, so that what an answer sets off is done when the call returns.
 */
final class InProcessReceiver implements WebhookTransport {
    /** An attempt as it arrived: the delivery as the dispatcher sent it, and its answer to come. */
    record Sent(WebhookEndpoint endpoint, WebhookDelivery delivery, CompletableFuture<Outcome> answer) {
        String deliveryId() {
            return delivery.id();
        }
    }

    /** The answer to an attempt, or null to hold it until {@link #answer} is called. */
    private volatile Function<WebhookDelivery, Outcome> script = delivery -> status(200);
    private final List<Sent> sent = new ArrayList<>(); // guarded by this
    private final ExecutorService answering = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "in-process-receiver");
        thread.setDaemon(true);
        return thread;
    });
    private volatile boolean closed;
    private final boolean inline;

    /** Answers on threads of its own, as the HTTP sender does. */
    InProcessReceiver() {
        this(false);
    }

    private InProcessReceiver(boolean inline) {
        this.inline = inline;
    }

    /** Answers on the thread that sends, or that answers a held attempt. */
    static InProcessReceiver onTheCallingThread() {
        return new InProcessReceiver(true);
    }

    static Outcome status(int code) {
        return new Outcome(code, null, 3);
    }

    /** From now on, each attempt is answered with what {@code script} says (null: held). */
    void answer(Function<WebhookDelivery, Outcome> script) {
        this.script = script;
    }

    @Override
    public CompletableFuture<Outcome> send(WebhookEndpoint endpoint, WebhookDelivery delivery) {
        CompletableFuture<Outcome> answer = new CompletableFuture<>();
        synchronized (this) {
            sent.add(new Sent(endpoint, delivery, answer));
        }
        Outcome outcome = closed ? null : script.apply(delivery);
        if (outcome != null) {
            complete(answer, outcome);
        }
        return answer;
    }

    /** Answers a held attempt. */
    void answer(Sent held, Outcome outcome) {
        complete(held.answer(), outcome);
    }

    private void complete(CompletableFuture<Outcome> answer, Outcome outcome) {
        if (inline) {
            answer.complete(outcome);
        } else {
            answering.execute(() -> answer.complete(outcome));
        }
    }

    synchronized List<Sent> sent() {
        return List.copyOf(sent);
    }

    /** The ids of the deliveries attempted so far, in the order they were sent. */
    synchronized List<String> sentIds() {
        List<String> ids = new ArrayList<>();
        sent.forEach(s -> ids.add(s.deliveryId()));
        return ids;
    }

    boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
        answering.shutdownNow();
    }
}
