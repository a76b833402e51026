package io.bankssandbox.webhooks;

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
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One HTTP attempt of a delivery, on the JDK's client and its own threads, never the API's. An
 * attempt ends as soon as the status line is in: the body that follows is read up to a cap and then
 * dropped (a receiver answering 10 MB costs 64 KiB), and a body still trickling in after the timeout
 * is cut off, so no receiver can hold a sandbox's memory or its delivery lane.
 */
final class WebhookSender implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final int BODY_CAP = 64 * 1024;

    /** What an attempt came to: a status code, or an error when none came back. */
    record Outcome(Integer statusCode, String error, long durationMs) {}

    private final ExecutorService executor;
    private final HttpClient client;
    private final String userAgent;

    WebhookSender(String name, String version) {
        AtomicInteger count = new AtomicInteger();
        this.executor = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, name + "-http-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.client = HttpClient.newBuilder().executor(executor).connectTimeout(TIMEOUT)
                .version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER).build();
        this.userAgent = "banks-sandbox/" + version;
    }

    CompletableFuture<Outcome> send(String url, String webhookId, byte[] body, byte[] key, long timestampSeconds) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .header("User-Agent", userAgent)
                .header("webhook-id", webhookId)
                .header("webhook-timestamp", Long.toString(timestampSeconds))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (key != null) {
            request.header("webhook-signature", StandardWebhooksSignature.sign(key, webhookId, timestampSeconds, body));
        }
        long started = System.nanoTime();
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        HttpResponse.BodyHandler<Void> handler = info -> {
            outcome.complete(new Outcome(info.statusCode(), null, elapsedMillis(started)));
            return new CappedDiscard();
        };
        try {
            client.sendAsync(request.build(), handler).whenComplete((response, failure) -> {
                if (failure != null) {
                    outcome.complete(new Outcome(null, describe(failure), elapsedMillis(started)));
                }
            });
        } catch (IllegalArgumentException e) {
            outcome.complete(new Outcome(null, "invalid request: " + e.getMessage(), elapsedMillis(started)));
        }
        return outcome;
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

    @Override
    public void close() {
        executor.shutdownNow();
    }

    /** Reads a response body up to the cap, then cancels (the client closes that connection). */
    private final class CappedDiscard implements HttpResponse.BodySubscriber<Void> {
        private final CompletableFuture<Void> done = new CompletableFuture<>();
        private Flow.Subscription subscription;
        private long read;

        @Override
        public CompletionStage<Void> getBody() {
            return done;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            // a body that trickles in forever is cut off at the timeout
            CompletableFuture.delayedExecutor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS, executor).execute(() -> {
                if (done.complete(null)) {
                    subscription.cancel();
                }
            });
            subscription.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            for (ByteBuffer buffer : buffers) {
                read += buffer.remaining();
            }
            if (read > BODY_CAP) {
                if (done.complete(null)) {
                    subscription.cancel();
                }
            } else {
                subscription.request(1);
            }
        }

        @Override
        public void onError(Throwable throwable) {
            done.complete(null);
        }

        @Override
        public void onComplete() {
            done.complete(null);
        }
    }
}
