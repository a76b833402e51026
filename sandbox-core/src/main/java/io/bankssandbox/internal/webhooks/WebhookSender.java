package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.state.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One HTTP attempt of a delivery, on this sender's own threads, never the API's. The status line
 * decides the attempt; the body that follows is read up to a cap and then dropped (a receiver
 * answering 10 MB costs 64 KiB), and an exchange still going at the timeout is cut off, body
 * included, so no receiver can hold a sandbox's memory, or an attempt for longer than that.
 *
 * <p>The exchange is the JDK's {@code HttpURLConnection}: a blocking HTTP/1.1 exchange done wholly
 * on the calling thread, its connection kept alive for the next attempt. The JDK's asynchronous
 * {@code HttpClient} measured several times the cost per attempt (a thread hand-off at each step,
 * and on two cores or fewer a new thread per response from the common pool), which under a burst
 * decided how fast an endpoint could be fed.
 */
final class WebhookSender implements WebhookTransport {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    static final int BODY_CAP = 64 * 1024;

    private final ExecutorService executor;
    /** Cuts off exchanges still going at the timeout; a timer is cancelled once its exchange ended. */
    private final ScheduledThreadPoolExecutor cutoff;
    /** The exchanges in progress: closing cuts them off (a blocked socket read does not see an interrupt). */
    private final Set<HttpURLConnection> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    private final String userAgent;
    /** {@link #TIMEOUT}; longer only in tests whose receiver holds attempts on purpose while a loaded machine catches up. */
    private volatile Duration timeout = TIMEOUT;

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
        this.userAgent = "banks-sandbox/" + version;
    }

    /**
     * An attempt of {@code delivery} to {@code endpoint}: completes with the status code once the
     * response is read, or with the error; never, once this sender is closed.
     */
    @Override
    public CompletableFuture<Outcome> send(WebhookEndpoint endpoint, WebhookDelivery delivery) {
        byte[] body = serialize(delivery);
        String webhookId = delivery.eventId();
        // the timestamp header is the wall clock's: receivers check it against theirs, not the sandbox's
        long timestamp = System.currentTimeMillis() / 1000;
        Map<String, String> headers = new java.util.LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("User-Agent", userAgent);
        headers.put("Accept", "*/*");
        headers.put("webhook-id", webhookId);
        headers.put("webhook-timestamp", Long.toString(timestamp));
        if (endpoint.secret() != null) {
            byte[] key = StandardWebhooksSignature.key(endpoint.secret());
            headers.put("webhook-signature", StandardWebhooksSignature.sign(key, webhookId, timestamp, body));
        }
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        try {
            executor.execute(() -> outcome.complete(exchange(endpoint.url(), headers, body)));
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

    /** On one of this sender's threads: the whole exchange, its body read or cut off. */
    private Outcome exchange(String url, Map<String, String> headers, byte[] body) {
        long started = System.nanoTime();
        AtomicBoolean cut = new AtomicBoolean();
        HttpURLConnection connection = null;
        Future<?> timer = null;
        try {
            // no proxy, as for any receiver the sandbox reaches directly; redirects are failed attempts
            connection = (HttpURLConnection) URI.create(url).toURL().openConnection(Proxy.NO_PROXY);
            HttpURLConnection cutOff = connection;
            open.add(connection);
            if (closed) {
                connection.disconnect(); // closed meanwhile: the exchange fails at once
            }
            timer = cutoff.schedule(() -> {
                cut.set(true);
                cutOff.disconnect();
            }, timeout.toMillis(), TimeUnit.MILLISECONDS);
            connection.setConnectTimeout((int) timeout.toMillis());
            connection.setReadTimeout((int) timeout.toMillis());
            connection.setInstanceFollowRedirects(false);
            connection.setUseCaches(false);
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            // streamed, so the JDK never silently sends a failed request again: every send is an attempt in the log
            connection.setFixedLengthStreamingMode(body.length);
            headers.forEach(connection::setRequestProperty);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(body);
            }
            int status = connection.getResponseCode();
            if (status < 0) {
                connection.disconnect();
                return new Outcome(null, "connection error: not an HTTP response", elapsedMillis(started));
            }
            drain(connection, status, started + timeout.toNanos());
            return new Outcome(status, null, elapsedMillis(started));
        } catch (IOException | RuntimeException e) {
            if (connection != null) {
                connection.disconnect();
            }
            return new Outcome(null, cut.get() ? timedOut() : describe(e), elapsedMillis(started));
        } finally {
            if (timer != null) {
                timer.cancel(false);
            }
            if (connection != null) {
                open.remove(connection);
            }
        }
    }

    /**
     * Reads the body up to the cap: read whole, the connection serves the next attempt; past the cap,
     * cut off at the timeout or broken, it is closed. The status line decided the attempt already.
     * The deadline is checked after every read too: a receiver trickling its body never lets a read
     * time out, and the timer's disconnect is not always seen by a read already under way.
     */
    private static void drain(HttpURLConnection connection, int status, long deadlineNanos) {
        try (InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
            if (in == null) {
                return; // no body
            }
            byte[] buffer = new byte[8192];
            long read = 0;
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                read += n;
                if (read > BODY_CAP || System.nanoTime() - deadlineNanos > 0) {
                    connection.disconnect();
                    return;
                }
            }
        } catch (IOException e) {
            connection.disconnect();
        }
    }

    private static long elapsedMillis(long startedNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    }

    void timeout(Duration timeout) {
        this.timeout = timeout;
    }

    private String timedOut() {
        return "timeout after " + timeout.toSeconds() + " s";
    }

    private String describe(Exception failure) {
        if (failure instanceof SocketTimeoutException) {
            return timedOut();
        }
        if (failure instanceof java.net.ConnectException) {
            return "connection refused";
        }
        if (failure instanceof IllegalArgumentException) {
            return "invalid request: " + failure.getMessage();
        }
        String message = failure.getMessage();
        String kind = failure instanceof IOException ? "connection error" : failure.getClass().getSimpleName();
        return message == null || message.isBlank() ? kind : kind + ": " + message;
    }

    /** Cuts off the attempts in flight and returns once this sender's threads have ended (within a second). */
    @Override
    public void close() {
        closed = true;
        cutoff.shutdownNow();
        executor.shutdownNow();
        open.forEach(HttpURLConnection::disconnect);
        try {
            executor.awaitTermination(WebhookDispatcher.CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            cutoff.awaitTermination(WebhookDispatcher.CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
