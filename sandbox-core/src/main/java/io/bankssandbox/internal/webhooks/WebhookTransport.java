package io.bankssandbox.internal.webhooks;

import java.util.concurrent.CompletableFuture;

/**
 * How an attempt reaches its receiver. A sandbox sends over HTTP ({@link WebhookSender}); the
 * dispatcher knows only this, so its lanes, retries and barriers can be driven by a receiver in the
 * same JVM, on the sandbox clock, with no socket in between.
 */
interface WebhookTransport extends AutoCloseable {
    /** What an attempt came to: a status code, or an error when none came back. */
    record Outcome(Integer statusCode, String error, long durationMs) {}

    /** One attempt of {@code delivery}: completes with its outcome, or never once this transport is closed. */
    CompletableFuture<Outcome> send(WebhookEndpoint endpoint, WebhookDelivery delivery);

    /** Abandons the attempts in flight (their deliveries stay pending) and ends the transport's threads. */
    @Override
    void close();
}
