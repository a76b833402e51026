package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.transfers.BookTransfer;
import java.time.Instant;

/** Money moved between two accounts at once (its two transactions are {@code TransactionPosted} too). */
public record BookTransferCompleted(BookTransfer transfer) implements DomainEvent {
    @Override
    public Instant occurredAt() {
        return transfer.createdAt();
    }
}
