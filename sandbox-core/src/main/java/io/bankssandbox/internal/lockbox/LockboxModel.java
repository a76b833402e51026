package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StateCheck;
import io.bankssandbox.internal.state.StateModel;
import java.util.List;

/** What the lockbox feature keeps (mail and the checks in it) and the rules a loaded state meets about it. */
public final class LockboxModel {
    public static final StateModel PART = StateModel.builder()
            .table(MailItem.TABLE)
            .references(50, LockboxModel::mail)
            .build();

    private LockboxModel() {}

    private static void mail(SandboxState state, StateCheck.FileOrder order, List<String> problems) {
        for (MailItem item : state.table(MailItem.TABLE).all()) {
            Entity provider = state.table(Entity.TABLE).get(item.providerId());
            if (provider == null || !provider.isProvider()) {
                problems.add("mail.json " + item.id() + "/provider_id: not a provider (an entity with an NPI) " + item.providerId());
            }
            Account account = state.table(Account.TABLE).get(item.accountId());
            if (account == null || !account.entityId().equals(item.providerId())) {
                problems.add("mail.json " + item.id() + "/account_id: not an account of the provider " + item.accountId());
            }
            for (CheckDeposit check : item.checks()) {
                boolean rejected = CheckDeposit.REJECTED.equals(check.status());
                if (rejected && (check.hold() != null || check.micr() != null || check.transactionId() != null)) {
                    problems.add("mail.json " + item.id() + "/checks/" + check.id() + ": a rejected check has no hold, micr or transaction_id");
                }
                if (CheckDeposit.PENDING.equals(check.status()) && (check.hold() != null || check.transactionId() != null)) {
                    problems.add("mail.json " + item.id() + "/checks/" + check.id() + ": a pending check has no hold or transaction_id");
                }
                if (CheckDeposit.RETURNED.equals(check.status()) != (check.depositReturn() != null)) {
                    problems.add("mail.json " + item.id() + "/checks/" + check.id() + ": deposit_return is set on a returned check and only there");
                } else if (check.depositReturn() != null
                        && state.table(Transaction.TABLE).get(check.depositReturn().transactionId()) == null) {
                    problems.add("mail.json " + item.id() + "/checks/" + check.id() + "/deposit_return/transaction_id: unknown transaction "
                            + check.depositReturn().transactionId());
                }
            }
        }
    }
}
