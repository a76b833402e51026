package io.bankssandbox.internal.entities;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.entities.Entity;
import java.time.Instant;

/** An API key was given access to an entity (a practice connected to the platform). */
public record EntityConnected(Entity entity, String apiKey, Instant occurredAt) implements DomainEvent {}
