package io.bankssandbox.internal.events;

import io.bankssandbox.internal.transfers.BookTransfer;
import java.time.Instant;

/** Money moved between two accounts at once (its two transactions are {@link TransactionPosted} too). */
public record BookTransferCompleted(BookTransfer transfer) implements DomainEvent {
    @Override
    public Instant occurredAt() {
        return transfer.createdAt();
    }
}
