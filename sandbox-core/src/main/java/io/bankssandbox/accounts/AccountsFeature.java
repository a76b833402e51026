package io.bankssandbox.accounts;

import io.bankssandbox.Feature;
import io.bankssandbox.SandboxRuntime;
import io.bankssandbox.entities.Caller;
import io.bankssandbox.entities.EntityDirectory;
import io.bankssandbox.http.ApiResponse;
import io.bankssandbox.http.ApiRouter;
import io.bankssandbox.http.DataList;
import io.bankssandbox.http.ErrorShape;
import io.bankssandbox.state.SandboxState;
import java.util.ArrayList;
import java.util.List;

/** {@code GET /v0/accounts}: the accounts a key sees, optionally of one entity. */
public final class AccountsFeature implements Feature {
    private final SandboxRuntime runtime;

    public AccountsFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/accounts", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                new DataList<>(visible(state, request.caller(), request.query("entity_id")).stream()
                        .map(AccountListItem::of).toList()))));
    }

    /** Accounts the caller sees, of one entity when {@code entityId} is given (404 if it is not visible). */
    public static List<Account> visible(SandboxState state, Caller caller, String entityId) {
        if (entityId != null) {
            EntityDirectory.get(state, caller, entityId);
            return List.copyOf(state.accounts.inPartition(entityId));
        }
        List<Account> accounts = new ArrayList<>();
        for (Account account : state.accounts.all()) {
            if (caller.canSee(account.entityId())) {
                accounts.add(account);
            }
        }
        return accounts;
    }

    /** An account as {@code GET /v0/accounts} lists it. */
    public record AccountListItem(String id, String name, long totalBalance, long availableBalance) {
        public static AccountListItem of(Account a) {
            return new AccountListItem(a.id(), a.name(), a.totalBalance(), a.availableBalance());
        }
    }
}
