package io.bankssandbox.webhooks;

import io.bankssandbox.state.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One HTTP attempt of a delivery, on the JDK's client and its own threads, never the API's. An
 * attempt ends as soon as the status line is in: the body that follows is read up to a cap and then
 * dropped (a receiver answering 10 MB costs 64 KiB), and a body still trickling in after the timeout
 * is cut off, so no receiver can hold a sandbox's memory or its delivery lane.
 *
 * <p>Each attempt is the client's blocking {@code send} on one of this sender's threads rather than
 * {@code sendAsync}: the JDK 17 client hands every asynchronous response to the common pool, which on
 * a machine with two cores or fewer means a new thread per request, the largest cost of an attempt.
 */
final class WebhookSender implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final int BODY_CAP = 64 * 1024;

    /** What an attempt came to: a status code, or an error when none came back. */
    record Outcome(Integer statusCode, String error, long durationMs) {}

    private final ExecutorService executor;
    /** Cuts off response bodies still arriving at the timeout; a timer is cancelled once its body ended. */
    private final ScheduledThreadPoolExecutor cutoff;
    private final HttpClient client;
    private final String userAgent;

    WebhookSender(String name, String version) {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory threads = task -> {
            Thread thread = new Thread(task, name + "-http-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        this.executor = Executors.newCachedThreadPool(threads);
        this.cutoff = new ScheduledThreadPoolExecutor(1, threads);
        cutoff.setRemoveOnCancelPolicy(true);
        this.client = HttpClient.newBuilder().executor(executor).connectTimeout(TIMEOUT)
                .version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER).build();
        this.userAgent = "banks-sandbox/" + version;
    }

    /**
     * An attempt of {@code delivery} to {@code endpoint}: completes when the status line is in, or with
     * the error; never, once this sender is closed.
     */
    CompletableFuture<Outcome> send(WebhookEndpoint endpoint, WebhookDelivery delivery) {
        byte[] body = serialize(delivery);
        byte[] key = endpoint.secret() == null ? null : StandardWebhooksSignature.key(endpoint.secret());
        String webhookId = delivery.eventId();
        // the timestamp header is the wall clock's: receivers check it against theirs, not the sandbox's
        long timestampSeconds = System.currentTimeMillis() / 1000;
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        HttpRequest request;
        try {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(endpoint.url())).timeout(TIMEOUT)
                    .header("Content-Type", "application/json")
                    .header("User-Agent", userAgent)
                    .header("webhook-id", webhookId)
                    .header("webhook-timestamp", Long.toString(timestampSeconds))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
            if (key != null) {
                builder.header("webhook-signature", StandardWebhooksSignature.sign(key, webhookId, timestampSeconds, body));
            }
            request = builder.build();
        } catch (IllegalArgumentException e) {
            outcome.complete(new Outcome(null, "invalid request: " + e.getMessage(), 0));
            return outcome;
        }
        try {
            executor.execute(() -> exchange(request, outcome));
        } catch (RejectedExecutionException closed) {
            // closing: the attempt is abandoned and its delivery stays pending
        }
        return outcome;
    }

    /** The same bytes on every attempt: the body is stored as it was rendered when the event occurred. */
    private static byte[] serialize(WebhookDelivery delivery) {
        try {
            return Json.MAPPER.writeValueAsBytes(delivery.body());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a stored JSON body always serializes", e);
        }
    }

    /** On one of this sender's threads, until the response body is read or cut off. */
    private void exchange(HttpRequest request, CompletableFuture<Outcome> outcome) {
        long started = System.nanoTime();
        try {
            // returns with the status line, on this thread: the body is drained after (see CappedDiscard)
            HttpResponse<Void> response = client.send(request, info -> new CappedDiscard());
            outcome.complete(new Outcome(response.statusCode(), null, elapsedMillis(started)));
        } catch (IOException | RuntimeException e) {
            outcome.complete(new Outcome(null, describe(e), elapsedMillis(started)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closing: abandoned, the delivery stays pending
        }
    }

    private static long elapsedMillis(long startedNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    }

    private static String describe(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof HttpTimeoutException) {
            return "timeout after " + TIMEOUT.toSeconds() + " s";
        }
        if (cause instanceof java.net.ConnectException) {
            return "connection refused";
        }
        String message = cause.getMessage();
        String kind = cause instanceof IOException ? "connection error" : cause.getClass().getSimpleName();
        return message == null || message.isBlank() ? kind : kind + ": " + message;
    }

    /** Abandons the attempts in flight and returns once this sender's threads have ended (within a second). */
    @Override
    public void close() {
        cutoff.shutdownNow();
        executor.shutdownNow();
        try {
            executor.awaitTermination(WebhookDispatcher.CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            cutoff.awaitTermination(WebhookDispatcher.CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Reads a response body up to the cap, then cancels (the client closes that connection). The
     * response is complete at once, as with the JDK's input-stream subscriber: the attempt's outcome
     * does not wait for the body, which is read on after it.
     */
    private final class CappedDiscard implements HttpResponse.BodySubscriber<Void> {
        private final CompletableFuture<Void> done = new CompletableFuture<>();
        private Flow.Subscription subscription;
        private long read;

        private void finish(boolean cancel) {
            if (done.complete(null) && cancel) {
                subscription.cancel();
            }
        }

        @Override
        public CompletionStage<Void> getBody() {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            try {
                // a body that trickles in forever is cut off at the timeout
                Future<?> timer = cutoff.schedule(() -> finish(true), TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                done.whenComplete((ignored, failure) -> timer.cancel(false));
            } catch (RejectedExecutionException closed) {
                finish(true);
                return;
            }
            subscription.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            for (ByteBuffer buffer : buffers) {
                read += buffer.remaining();
            }
            if (read > BODY_CAP) {
                finish(true);
            } else {
                subscription.request(1);
            }
        }

        @Override
        public void onError(Throwable throwable) {
            finish(false);
        }

        @Override
        public void onComplete() {
            finish(false);
        }
    }
}
