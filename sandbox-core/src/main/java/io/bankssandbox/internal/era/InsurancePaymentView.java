package io.bankssandbox.internal.era;

import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.lockbox.MailItemView;

/**
 * What an insurance payment created, as the API shows it: by ACH, {@code { inbound_ach_transfer, era }}
 * (the transfer null while a {@code payment_delay} keeps it from arriving); by check,
 * {@code { mail_item, era }}.
 */
public sealed interface InsurancePaymentView {
    EraView era();

    /** An ACH payment: its pending credit (null until it arrives) and its ERA. */
    record ByAch(InboundAchTransfer inboundAchTransfer, EraView era) implements InsurancePaymentView {}

    /** A check payment: the lockbox mail holding the check, and its ERA. */
    record ByCheck(MailItemView mailItem, EraView era) implements InsurancePaymentView {}
}
