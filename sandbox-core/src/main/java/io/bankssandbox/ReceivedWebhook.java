package io.bankssandbox;

import java.time.Instant;

/**
 * What the sandbox's own receiver ({@code inbox}) got: a receiver for tests and frontends without a
 * server of their own.
 *
 * @param webhookId the {@code webhook-id} header
 * @param receivedAt when, on the sandbox clock
 * @param body the JSON body as text
 * @param transaction for {@code transaction.created}: the transaction the body carries; else null
 * @param entity for {@code entity.connected}: the entity the body carries; else null
 */
public record ReceivedWebhook(String webhookId, String event, Instant receivedAt, String deliveryId, String body,
                              Transaction transaction, Entity entity) {}
