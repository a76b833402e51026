package io.bankssandbox.internal.externalaccounts;

import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateCheck;
import io.bankssandbox.internal.state.StateModel;
import java.util.List;

/** What the external accounts feature keeps and the rules a loaded state meets about it. */
public final class ExternalAccountsModel {
    public static final StateModel PART = StateModel.builder()
            .table(ExternalAccount.TABLE)
            .references(70, ExternalAccountsModel::accounts)
            .build();

    private ExternalAccountsModel() {}

    private static void accounts(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (ExternalAccount account : state.table(ExternalAccount.TABLE).all()) {
            if (state.table(Entity.TABLE).get(account.entityId()) == null) {
                problems.add("external_accounts.json " + account.id() + "/entity_id: unknown entity " + account.entityId());
            }
        }
    }
}
