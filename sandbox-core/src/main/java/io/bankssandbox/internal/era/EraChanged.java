package io.bankssandbox.internal.era;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.era.Era;
import java.time.Instant;

/**
 * A remittance advice arrived ({@code era.created}, with an insurance payment) or was paid: the ACH
 * credit it describes settled, and the ERA now names its transaction ({@code era.paid}).
 */
public record EraChanged(Era era, String type, Instant occurredAt) implements DomainEvent {}
