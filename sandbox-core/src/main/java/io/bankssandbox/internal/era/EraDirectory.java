package io.bankssandbox.internal.era;

import io.bankssandbox.internal.era.EraChanged;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.accounts.Transaction;
import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import java.time.Instant;
import java.util.List;

/** Finding ERAs by the transaction that paid them, and tying an ERA to its payment when it settles. */
public final class EraDirectory {
    private EraDirectory() {}

    /**
     * The ERA of a transaction the caller sees. Not found names the transaction when it is unknown or
     * invisible, and the ERA when the transaction has none. A transaction is known from the ledger, or
     * from an ERA that names it (fixture sets may carry ERAs of settled payments without their ledger).
     */
    public static Era forTransaction(SandboxState state, Caller caller, String transactionId) {
        Transaction transaction = state.table(Transaction.TABLE).get(transactionId);
        Era era = findByTransaction(state, transactionId);
        boolean known;
        if (transaction != null) {
            Account account = state.table(Account.TABLE).get(transaction.accountId());
            known = account != null && caller.canSee(account.entityId());
        } else {
            known = era != null && caller.canSee(era.entityId());
        }
        if (!known) {
            throw DomainException.notFound("Transaction", transactionId);
        }
        if (era == null || !caller.canSee(era.entityId())) {
            throw DomainException.notFound("ERA for transaction", transactionId);
        }
        return era;
    }

    /**
     * An ERA by its id, paid or not, as the remittance of the same id shows it: not found when unknown,
     * still on its way ({@code era_delay}), or of an entity the caller cannot see.
     */
    public static Era get(SandboxState state, Caller caller, String eraId) {
        Era era = state.table(Era.TABLE).get(eraId);
        if (era == null || !era.isReceived() || !caller.canSee(era.entityId())) {
            throw DomainException.notFound("ERA", eraId);
        }
        return era;
    }

    private static Era findByTransaction(SandboxState state, String transactionId) {
        return state.table(Era.TABLE).lookup(Era.BY_TRANSACTION, transactionId);
    }

    /**
     * An ACH credit of the entity settled as {@code transactionId}: the ERA it pays (an ACH ERA of that
     * entity, not yet paid, whose {@code check_number} is the TRN reference of the transfer's addenda
     * and whose amount is the transfer's) now names the transaction. Nothing happens for other transfers.
     */
    public static void attachPayment(SandboxState state, String entityId, List<String> addenda, long amount,
                                     String transactionId, Instant at) {
        String reference = trnReference(addenda);
        if (reference == null) {
            return;
        }
        for (Era era : state.table(Era.TABLE).inPartition(entityId)) {
            if (era.transactionId() == null && "ach".equals(era.payment().method())
                    && reference.equals(era.payment().checkNumber()) && era.payment().amount() == amount) {
                Era paid = era.withTransaction(transactionId, at);
                state.table(Era.TABLE).put(paid);
                state.events.publish(new EraChanged(paid, "era.paid", at));
                return;
            }
        }
    }

    /** The reference number (TRN02) of the first TRN segment among addenda lines, or null. */
    public static String trnReference(List<String> addenda) {
        if (addenda == null) {
            return null;
        }
        for (String line : addenda) {
            String segment = line.strip();
            if (segment.endsWith("~")) {
                segment = segment.substring(0, segment.length() - 1);
            }
            String[] elements = segment.split("\\*", -1);
            if (elements.length >= 3 && "TRN".equals(elements[0]) && !elements[2].isEmpty()) {
                return elements[2];
            }
        }
        return null;
    }
}
