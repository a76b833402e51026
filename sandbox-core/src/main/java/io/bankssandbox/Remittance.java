package io.bankssandbox;

import java.time.Instant;
import java.time.LocalDate;

/**
 * One remittance (an ERA) as {@code GET /v0/remittances} lists it; its X12 835 is
 * {@code sandbox.eras().x12(id)}.
 *
 * @param transactionId the transaction of the money that paid it; null while that has not posted
 */
public record Remittance(String id, String entityId, Era.Party payer, Payment payment, String transactionId,
                         boolean eraAvailable, Instant receivedAt, Instant updatedAt) {

    /** @param traceNumber the ERA's check number (TRN02), not the ACH's 15-digit trace */
    public record Payment(long amount, String method, String traceNumber, LocalDate date) {}
}
