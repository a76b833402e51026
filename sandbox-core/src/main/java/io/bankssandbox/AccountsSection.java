package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.accounts.AccountBook;
import io.bankssandbox.internal.accounts.AccountsFeature;
import java.util.List;

/** {@link Sandbox.Accounts}: the account reads of /v0, as a key that sees every entity. */
final class AccountsSection implements Sandbox.Accounts {
    private final Operator operator;

    AccountsSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public List<Account> all() {
        return ofEntity(null);
    }

    @Override
    public List<Account> ofEntity(String entityId) {
        return operator.call(() -> operator.runtime().state().read(state ->
                AccountsFeature.page(state, Caller.OPERATOR, entityId, null, Integer.MAX_VALUE).items().stream()
                        .map(Values::account).toList()));
    }

    @Override
    public Account get(String accountId) {
        return operator.call(() -> Values.account(operator.runtime().state().read(state ->
                AccountBook.get(state, Caller.OPERATOR, accountId))));
    }

    @Override
    public Account named(String name) {
        return NamedLookup.one("account", all(), Account::name, name);
    }
}
