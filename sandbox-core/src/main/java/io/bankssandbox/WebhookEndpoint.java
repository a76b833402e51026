package io.bankssandbox;

import java.time.Instant;
import java.util.List;

/**
 * A receiver of webhooks: the events sent to {@code url} ({@code inbox} for the sandbox's own
 * receiver), as the API key {@code apiKey} sees them.
 *
 * @param signed whether deliveries carry a {@code webhook-signature} (a secret was given)
 * @param origin {@code config} for endpoints given at start (they survive reset), {@code control} for
 *     those subscribed since (they are state)
 */
public record WebhookEndpoint(String id, String url, String apiKey, List<String> events, boolean signed,
                              String origin, Instant createdAt) {
    /** The url of the sandbox's own receiver ({@code sandbox.webhooks().inbox()}). */
    public static final String INBOX = "inbox";
    /** {@code origin}: given at start ({@code SandboxConfig}, {@code @BanksSandbox(webhooks)}); survives reset. */
    public static final String CONFIG = "config";
    /** {@code origin}: subscribed since ({@code subscribe}, {@code POST /_sandbox/webhooks}); state, gone on reset. */
    public static final String CONTROL = "control";

    public WebhookEndpoint {
        events = List.copyOf(events);
    }

    /**
     * A subscription ({@code POST /_sandbox/webhooks}); null fields take their defaults: the fixture
     * set's first key, both events, no signature.
     *
     * <pre>{@code
     * sandbox.webhooks().subscribe(Registration.of(url).signedWith("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"));
     * }</pre>
     *
     * @param secret with one, every delivery is signed as Standard Webhooks sign ({@code webhook-signature: v1,...})
     */
    public record Registration(String url, String apiKey, List<String> events, String secret) {
        public static Registration of(String url) {
            return new Registration(url, null, null, null);
        }

        /** Sent as {@code key} sees the sandbox (its entities' transactions, its connections). */
        public Registration forKey(String key) {
            return new Registration(url, key, events, secret);
        }

        /** Only these events ({@link WebhookDelivery#TRANSACTION_CREATED}, {@link WebhookDelivery#ENTITY_CONNECTED}). */
        public Registration forEvents(String event, String... more) {
            List<String> names = new java.util.ArrayList<>(List.of(event));
            names.addAll(List.of(more));
            return new Registration(url, apiKey, List.copyOf(names), secret);
        }

        public Registration signedWith(String signingSecret) {
            return new Registration(url, apiKey, events, signingSecret);
        }
    }
}
