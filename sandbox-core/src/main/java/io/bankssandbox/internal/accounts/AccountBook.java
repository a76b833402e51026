package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Finding accounts as a caller may, and moving their balances: the one place balances change. */
public final class AccountBook {
    private AccountBook() {}

    /** The account, or not found when unknown or invisible to the caller. */
    public static Account get(SandboxState state, Caller caller, String id) {
        Account account = state.table(Account.TABLE).get(id);
        if (account == null || !caller.canSee(account.entityId())) {
            throw DomainException.notFound("Account", id);
        }
        return account;
    }

    /**
     * The account partitions a listing reads: {@code accountId} alone when given (not found when the
     * caller cannot see it), else every account of the entities the caller sees (null: all of them).
     */
    public static Collection<String> partitions(SandboxState state, Caller caller, String accountId) {
        if (accountId != null) {
            return List.of(get(state, caller, accountId).id());
        }
        Collection<String> entities = caller.visibleEntities();
        if (entities == null) {
            return null;
        }
        List<String> accounts = new ArrayList<>();
        for (String entityId : entities) {
            for (Account account : state.table(Account.TABLE).inPartition(entityId)) {
                accounts.add(account.id());
            }
        }
        return accounts;
    }

    /** Moves both balances by the given deltas (cents); returns the updated account. */
    public static Account move(SandboxState state, String accountId, long totalDelta, long availableDelta) {
        Account updated = state.table(Account.TABLE).get(accountId).move(totalDelta, availableDelta);
        state.table(Account.TABLE).put(updated);
        return updated;
    }
}
