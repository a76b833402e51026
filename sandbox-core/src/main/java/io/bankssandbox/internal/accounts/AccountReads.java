package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.control.ControlCalls;
import io.bankssandbox.internal.control.NamedLookup;
import java.util.List;
import java.util.Map;

/**
 * Bank accounts as the /v0 API shows them to a key that sees every entity, with numbers and balances
 * in cents ({@code GET /v0/accounts/{id}}): {@code sandbox.accounts().named("Riverside Operating")}.
 */
public final class AccountReads {
    private static final String ONE = "/v0/accounts/{account_id}";
    private final ControlCalls calls;

    public AccountReads(ControlCalls calls) {
        this.calls = calls;
    }

    /** Every account, oldest first. */
    public List<AccountView> all() {
        return details(Map.of());
    }

    /** The accounts of one entity, oldest first; an unknown entity throws {@code SandboxException} 404. */
    public List<AccountView> ofEntity(String entityId) {
        return details(Map.of("entity_id", entityId));
    }

    /** The account; an unknown id throws {@code SandboxException} 404. */
    public AccountView get(String accountId) {
        return calls.read(AccountView.class, ONE, Map.of("account_id", accountId), Map.of());
    }

    /** The account with exactly this name, in whatever fixture set the sandbox runs. */
    public AccountView named(String name) {
        return NamedLookup.one("account", all(), AccountView::name, name);
    }

    /** The list shows balances only; each account is read as GET by id shows it. */
    private List<AccountView> details(Map<String, String> query) {
        return calls.readAll(AccountsFeature.AccountListItem.class, "/v0/accounts", Map.of(), query).stream()
                .map(item -> get(item.id()))
                .toList();
    }
}
