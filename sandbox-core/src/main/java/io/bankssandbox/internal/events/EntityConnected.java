package io.bankssandbox.internal.events;

import io.bankssandbox.internal.entities.Entity;
import java.time.Instant;

/** An API key was given access to an entity (a practice connected to the platform). */
public record EntityConnected(Entity entity, String apiKey, Instant occurredAt) implements DomainEvent {}
