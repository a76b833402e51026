package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.transfers.AchTransfer;
import java.time.Instant;

/**
 * An outbound ACH transfer was created or moved: {@code ach_transfer.created}, {@code .approved},
 * {@code .submitted}, {@code .settled} (its status stays submitted), {@code .rejected},
 * {@code .canceled}, {@code .returned}.
 */
public record AchTransferMoved(AchTransfer transfer, String type, Instant occurredAt) implements StatusChanged {
    @Override
    public String id() {
        return transfer.id();
    }
}
