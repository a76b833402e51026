package io.bankssandbox;

import io.bankssandbox.internal.accounts.AccountView;
import java.util.List;

/** {@link Sandbox.Accounts} over HTTP: {@code GET /v0/accounts} as the operator. */
final class RemoteAccounts implements Sandbox.Accounts {
    private final ControlApi api;

    RemoteAccounts(ControlApi api) {
        this.api = api;
    }

    @Override
    public List<Account> all() {
        return list("/v0/accounts");
    }

    @Override
    public List<Account> ofEntity(String entityId) {
        return list(ControlApi.query("/v0/accounts", "entity_id", entityId));
    }

    /** The list route answers a summary of each account: each is then read whole, as {@code get} reads it. */
    private List<Account> list(String path) {
        return api.everyPage(path).stream().map(summary -> get(summary.path("id").asText())).toList();
    }

    @Override
    public Account get(String accountId) {
        return Values.accountView(api.decode(api.get("/v0/accounts/" + ControlApi.segment(accountId)), AccountView.class));
    }

    @Override
    public Account named(String name) {
        return NamedLookup.one("account", all(), Account::name, name);
    }
}
