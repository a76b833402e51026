package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.runtime.Feature;
import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.entities.EntityDirectory;
import io.bankssandbox.internal.http.ApiResponse;
import io.bankssandbox.internal.http.ApiRouter;
import io.bankssandbox.internal.http.Cursors;
import io.bankssandbox.internal.http.ErrorShape;
import io.bankssandbox.internal.http.PageView;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;

/**
 * {@code GET /v0/accounts}: the accounts a key sees, optionally of one entity, oldest first, in the
 * pagination envelope. The vendor's current client pages this list with {@code limit} and
 * {@code cursor}; the default page (100, the maximum) holds every account a caller of the older
 * API, which never paged it, has in the fixtures.
 */
public final class AccountsFeature implements Feature {
    private final SandboxRuntime runtime;

    public AccountsFeature(SandboxRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void routes(ApiRouter api) {
        api.get("/v0/accounts", ErrorShape.NEST, request -> runtime.state().read(state -> ApiResponse.ok(
                PageView.of(page(state, request.caller(), request.query("entity_id"),
                        Cursors.decode(request.query("cursor")), request.queryInt("limit")), AccountListItem::of))));
    }

    /** A page of the accounts the caller sees, of one entity when {@code entityId} is given (404 if not visible). */
    public static Page<Account> page(SandboxState state, Caller caller, String entityId, SortKey after, int limit) {
        return state.table(Account.TABLE).page(EntityDirectory.partitions(state, caller, entityId), account -> true, after, limit);
    }

    /** An account as {@code GET /v0/accounts} lists it. */
    public record AccountListItem(String id, String name, long totalBalance, long availableBalance) {
        public static AccountListItem of(Account a) {
            return new AccountListItem(a.id(), a.name(), a.totalBalance(), a.availableBalance());
        }
    }
}
