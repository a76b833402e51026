package io.bankssandbox.internal.ach;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateCheck;
import io.bankssandbox.internal.state.StateModel;
import java.util.List;

/** What the inbound ACH feature keeps and the rules a loaded state meets about it. */
public final class InboundAchModel {
    public static final StateModel PART = StateModel.builder()
            .table(InboundAchTransfer.TABLE)
            .references(40, InboundAchModel::transfers)
            .build();

    private InboundAchModel() {}

    private static void transfers(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (InboundAchTransfer transfer : state.table(InboundAchTransfer.TABLE).all()) {
            if (state.table(Account.TABLE).get(transfer.accountId()) == null) {
                problems.add("inbound_ach_transfers.json " + transfer.id() + "/account_id: unknown account " + transfer.accountId());
            }
        }
    }
}
