package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.externalaccounts.ExternalAccountBook;
import io.bankssandbox.internal.externalaccounts.ExternalAccountsFeature;

/** {@link Sandbox.ExternalAccounts}: the external account read of /v0 and the archive of the control API. */
final class ExternalAccountsSection implements Sandbox.ExternalAccounts {
    private final Operator operator;

    ExternalAccountsSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public ExternalAccount get(String externalAccountId) {
        return operator.call(() -> Values.externalAccount(operator.runtime().state().read(state ->
                ExternalAccountBook.get(state, Caller.OPERATOR, externalAccountId))));
    }

    @Override
    public ExternalAccount archive(String externalAccountId) {
        return operator.call(() -> Values.externalAccount(operator.feature(ExternalAccountsFeature.class)
                .archive(Caller.OPERATOR, externalAccountId)));
    }
}
