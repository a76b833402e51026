package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.accounts.Transaction;
import java.time.Instant;

/** A transaction posted to an account: published once for every transaction the ledger gains. */
public record TransactionPosted(Transaction transaction) implements DomainEvent {
    @Override
    public Instant occurredAt() {
        return transaction.occurredAt();
    }
}
