package io.bankssandbox.accounts;

import io.bankssandbox.entities.Caller;
import io.bankssandbox.state.DomainException;
import io.bankssandbox.state.SandboxState;

/** Finding accounts as a caller may, and moving their balances: the one place balances change. */
public final class AccountBook {
    private AccountBook() {}

    /** The account, or not found when unknown or invisible to the caller. */
    public static Account get(SandboxState state, Caller caller, String id) {
        Account account = state.accounts.get(id);
        if (account == null || !caller.canSee(account.entityId())) {
            throw DomainException.notFound("Account", id);
        }
        return account;
    }

    /** Moves both balances by the given deltas (cents); returns the updated account. */
    public static Account move(SandboxState state, String accountId, long totalDelta, long availableDelta) {
        Account updated = state.accounts.get(accountId).move(totalDelta, availableDelta);
        state.accounts.put(updated);
        return updated;
    }
}
