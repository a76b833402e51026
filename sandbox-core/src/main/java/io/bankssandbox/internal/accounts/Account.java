package io.bankssandbox.internal.accounts;

import java.time.Instant;

/** A bank account. Balances are integer cents; total includes held funds, available does not. */
public record Account(
        String id,
        String entityId,
        String name,
        String accountNumber,
        String routingNumber,
        long totalBalance,
        long availableBalance,
        Instant openedAt) {

    public Account move(long totalDelta, long availableDelta) {
        return new Account(id, entityId, name, accountNumber, routingNumber,
                totalBalance + totalDelta, availableBalance + availableDelta, openedAt);
    }
}
