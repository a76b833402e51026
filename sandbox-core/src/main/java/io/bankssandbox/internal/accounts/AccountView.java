package io.bankssandbox.internal.accounts;

import java.time.Instant;

/** One account with its numbers and balances (cents), as {@code GET /v0/accounts/{id}} shows it. */
public record AccountView(String id, String entityId, String name, String accountNumber, String routingNumber,
                          long totalBalance, long availableBalance, Instant openedAt) {
    public static AccountView of(Account a) {
        return new AccountView(a.id(), a.entityId(), a.name(), a.accountNumber(), a.routingNumber(),
                a.totalBalance(), a.availableBalance(), a.openedAt());
    }
}
