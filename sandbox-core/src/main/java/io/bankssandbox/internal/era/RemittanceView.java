package io.bankssandbox.internal.era;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * A remittance as {@code GET /v0/remittances} shows it. {@code payment.trace_number} is the ERA's
 * {@code check_number} (the 835's TRN02), which is what reconciles with the payment, not the ACH's
 * 15-digit trace number; {@code payment.date} is a calendar date.
 */
public record RemittanceView(String id, String entityId, Era.Party payer, PaymentView payment, String transactionId,
                             boolean eraAvailable, Instant receivedAt, Instant updatedAt) {

    public record PaymentView(long amount, String method, String traceNumber, LocalDate date) {}

    public static RemittanceView of(Era era) {
        Era.Payment payment = era.payment();
        return new RemittanceView(Remittances.idOf(era), era.entityId(), era.payer(),
                new PaymentView(payment.amount(), payment.method(), payment.checkNumber(),
                        LocalDate.ofInstant(payment.date(), ZoneOffset.UTC)),
                era.transactionId(), true, era.receivedAt(), era.updatedAt());
    }
}
