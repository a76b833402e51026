package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

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
    /** This row's table in every sandbox state: {@code state.table(Account.TABLE)}. */
    public static final TableKind<Account> TABLE = TableKind.oldestFirst("accounts", 20, Account.class, Account::id, a -> new SortKey(a.openedAt(), a.id()), Account::entityId);


    public Account move(long totalDelta, long availableDelta) {
        return new Account(id, entityId, name, accountNumber, routingNumber,
                totalBalance + totalDelta, availableBalance + availableDelta, openedAt);
    }
}
