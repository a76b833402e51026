package io.bankssandbox.internal.era;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.externalaccounts.RoutingNumbers;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StableDigits;

/**
 * Where an ACH-paid ERA's money went, as the 835's BPR06 to BPR15 name it: the payer's bank (the
 * ODFI, whose routing number's first 8 digits begin the ACH's trace number) and account, and the
 * payee's bank and account (the sandbox account the ACH credited). An ACH credit does not carry the
 * payer's account number, so it is a stable number derived from the payer id.
 */
public record EraDeposit(String payerRouting, String payerAccount, String payeeRouting, String payeeAccount) {
    /** The sending bank of ACH credits the sandbox makes up: the first 8 digits of its default trace numbers. */
    private static final String DEFAULT_ODFI = "02100002";

    /**
     * The deposit of an ERA paid by ACH, or null for a check. The ACH is the entity's inbound transfer
     * that settled as the ERA's transaction, or, before it settles, the one whose TRN reference and
     * amount are the ERA's; when none is found (an imported ERA without its transfer), the entity's
     * first account and the default sending bank stand in.
     */
    public static EraDeposit of(SandboxState state, Era era) {
        if (!"ach".equals(era.payment().method())) {
            return null;
        }
        Account credited = null;
        InboundAchTransfer paying = null;
        for (Account account : state.table(Account.TABLE).inPartition(era.entityId())) {
            if (credited == null) {
                credited = account;
            }
            for (InboundAchTransfer transfer : state.table(InboundAchTransfer.TABLE).inPartition(account.id())) {
                if (pays(transfer, era)) {
                    credited = account;
                    paying = transfer;
                }
            }
            if (paying != null) {
                break;
            }
        }
        if (paying == null && era.paymentAccountId() != null) {
            // sent ahead of its ACH credit: the account that credit will go into
            Account due = state.table(Account.TABLE).get(era.paymentAccountId());
            credited = due != null ? due : credited;
        }
        if (credited == null) {
            throw new IllegalStateException("ERA " + era.id() + " belongs to entity " + era.entityId()
                    + ", which has no account to have been paid into");
        }
        String trace = paying != null ? paying.traceNumber() : null;
        String odfi = trace != null && trace.matches("\\d{8}.*") ? trace.substring(0, 8) : DEFAULT_ODFI;
        return new EraDeposit(RoutingNumbers.withCheckDigit(odfi), StableDigits.of("account:" + era.payer().id(), 10),
                credited.routingNumber(), credited.accountNumber());
    }

    private static boolean pays(InboundAchTransfer transfer, Era era) {
        if (era.transactionId() != null) {
            return era.transactionId().equals(transfer.transactionId());
        }
        return transfer.amount() == era.payment().amount()
                && era.payment().checkNumber().equals(EraDirectory.trnReference(transfer.addenda()));
    }
}
