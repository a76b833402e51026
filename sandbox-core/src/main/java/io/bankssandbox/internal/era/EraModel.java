package io.bankssandbox.internal.era;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.ach.InboundAchTransferMoved;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateCheck;
import io.bankssandbox.internal.state.StateModel;
import java.util.List;

/** What the ERA feature keeps and the rules a loaded state meets about it (each ERA's balance is a row rule of {@link Era#TABLE}). */
public final class EraModel {
    public static final StateModel PART = StateModel.builder()
            .table(Era.TABLE)
            .references(60, EraModel::eras)
            .reaction(InboundAchTransferMoved.class, EraModel::attachPaidEra)
            .build();

    private EraModel() {}

    /**
     * An accepted ACH credit pays the ERA whose TRN and amount it carries: the ERA gets its transaction.
     * An ERA on its way ({@code era_delay}) is received that long after its credit is accepted or declined.
     */
    private static void attachPaidEra(SandboxState state, InboundAchTransferMoved moved) {
        InboundAchTransfer transfer = moved.transfer();
        boolean accepted = InboundAchTransfer.ACCEPTED.equals(transfer.status());
        if (accepted || InboundAchTransfer.DECLINED.equals(transfer.status())) {
            String entityId = state.table(Account.TABLE).get(transfer.accountId()).entityId();
            if (accepted) {
                EraDirectory.attachPayment(state, entityId, transfer.addenda(), transfer.amount(),
                        transfer.transactionId(), moved.occurredAt());
            }
            EraArrivals.paymentResolved(state, entityId, transfer, moved.occurredAt());
        }
    }

    private static void eras(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (Era era : state.table(Era.TABLE).all()) {
            if (state.table(Entity.TABLE).get(era.entityId()) == null) {
                problems.add("eras.json " + era.id() + "/entity_id: unknown entity " + era.entityId());
            } else if ("ach".equals(era.payment().method()) && state.table(Account.TABLE).inPartition(era.entityId()).isEmpty()) {
                // its 835 names the account the payment went into (BPR13 to BPR15)
                problems.add("eras.json " + era.id() + "/entity_id: an ERA paid by ACH needs an account of its entity "
                        + "to have been paid into, and entity " + era.entityId() + " has none");
            }
            if (era.paymentAccountId() != null) {
                Account account = state.table(Account.TABLE).get(era.paymentAccountId());
                if (account == null || !account.entityId().equals(era.entityId())) {
                    problems.add("eras.json " + era.id() + "/payment_account_id: not an account of entity "
                            + era.entityId() + ": " + era.paymentAccountId());
                }
            } else if (!era.isReceived() && era.receivesAt() == null && "ach".equals(era.payment().method())
                    && !awaitsPendingCredit(state, era)) {
                problems.add("eras.json " + era.id() + "/era_delay: the ERA waits for its ACH credit to be accepted or"
                        + " declined, but no pending inbound ACH transfer of entity " + era.entityId() + " carries its TRN"
                        + " reference " + era.payment().checkNumber() + " and amount " + era.payment().amount()
                        + ", and it has no payment_arrives_at");
            }
        }
    }

    /** Whether a pending credit into one of the ERA's entity's accounts carries its TRN reference and amount. */
    private static boolean awaitsPendingCredit(SandboxState state, Era era) {
        for (Account account : state.table(Account.TABLE).inPartition(era.entityId())) {
            if (InsurancePayments.transferOf(state, era, account.id()) != null) {
                return true;
            }
        }
        return false;
    }
}
