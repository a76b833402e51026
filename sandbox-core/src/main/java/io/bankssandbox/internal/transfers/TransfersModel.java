package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.externalaccounts.ExternalAccount;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateCheck;
import io.bankssandbox.internal.state.StateModel;
import java.util.List;

/** What the transfers feature keeps (book and outbound ACH transfers) and the rules a loaded state meets about them. */
public final class TransfersModel {
    public static final StateModel PART = StateModel.builder()
            .table(BookTransfer.TABLE)
            .table(AchTransfer.TABLE)
            .references(100, TransfersModel::bookTransfers)
            .references(110, TransfersModel::achTransfers)
            .build();

    private TransfersModel() {}

    private static void bookTransfers(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (BookTransfer transfer : state.table(BookTransfer.TABLE).all()) {
            for (String accountId : List.of(transfer.sourceAccountId(), transfer.destinationAccountId())) {
                if (state.table(Account.TABLE).get(accountId) == null) {
                    problems.add("book_transfers.json " + transfer.id() + ": unknown account " + accountId);
                }
            }
        }
    }

    private static void achTransfers(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (AchTransfer transfer : state.table(AchTransfer.TABLE).all()) {
            if (state.table(Account.TABLE).get(transfer.accountId()) == null) {
                problems.add("ach_transfers.json " + transfer.id() + "/account_id: unknown account " + transfer.accountId());
            }
            if (state.table(ExternalAccount.TABLE).get(transfer.externalAccountId()) == null) {
                problems.add("ach_transfers.json " + transfer.id() + "/external_account_id: unknown external account "
                        + transfer.externalAccountId());
            }
        }
    }
}
