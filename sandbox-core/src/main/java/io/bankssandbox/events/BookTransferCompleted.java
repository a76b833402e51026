package io.bankssandbox.events;

import io.bankssandbox.transfers.BookTransfer;
import java.time.Instant;

/** Money moved between two accounts at once (its two transactions are {@link TransactionPosted} too). */
public record BookTransferCompleted(BookTransfer transfer) implements DomainEvent {
    @Override
    public Instant occurredAt() {
        return transfer.createdAt();
    }
}
