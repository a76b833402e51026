package io.bankssandbox;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An ACH transfer another bank sent to an account, as {@code GET /v0/inbound-ach-transfers/{id}}
 * answers it. A pending one resolves at {@code automaticallyResolvesAt}: a credit is accepted, a
 * debit is accepted when the available balance covers it, else declined.
 *
 * @param amount cents: positive a credit pushed into the account, negative a debit pulled from it
 * @param declined why and when it was declined; null unless {@link #DECLINED}
 * @param returned why and when it was returned, and the transaction that took the money back; null
 *     unless {@link #RETURNED}
 * @param addenda the raw addenda lines in the order the payer sent them (an insurance payment's
 *     {@code TRN*1*...} reassociation trace among them); empty when there are none
 */
public record InboundAchTransfer(String id, String accountId, long amount, String status,
                                 String standardEntryClassCode, LocalDate effectiveDate,
                                 Instant automaticallyResolvesAt, String originatorCompanyName,
                                 String originatorCompanyEntryDescription, String traceNumber,
                                 String transactionId, Instant settledAt, Instant acceptedAt, Declined declined,
                                 Returned returned, List<String> addenda) {
    public static final String PENDING = "pending";
    public static final String ACCEPTED = "accepted";
    public static final String DECLINED = "declined";
    public static final String RETURNED = "returned";

    public InboundAchTransfer {
        addenda = addenda == null ? List.of() : List.copyOf(addenda);
    }

    /**
     * @param reason the decline reason: the sandbox's own words are {@link #INSUFFICIENT_FUNDS} (a debit
     *     the available balance did not cover when it resolved) and {@link #PAYMENT_STOPPED} (a decline
     *     without a reason); a reason given to {@code decline} or {@code resolvingDeclined} is kept as given
     */
    public record Declined(String reason, Instant declinedAt) {
        public static final String INSUFFICIENT_FUNDS = "insufficient_funds";
        public static final String PAYMENT_STOPPED = "payment_stopped";
    }

    /** @param reason the return reason, such as {@code duplicate_entry} */
    public record Returned(String reason, Instant returnedAt, String transactionId) {}

    /**
     * A transfer to simulate ({@code POST /_sandbox/inbound-ach-transfers}): every field but the
     * account and the amount is optional (null takes the sandbox's default).
     *
     * <pre>{@code
     * InboundAchTransfer credit = sandbox.inboundAch().simulate(
     *         Arrival.of(accountId, 125_00).withOriginator("AETNA", "HCCLAIMPMT").withAddenda("TRN*1*12345*1512345678~"));
     * }</pre>
     *
     * @param resolvesTo forces the automatic resolution: {@link #ACCEPTED} or {@link #DECLINED}
     * @param declineReason with {@code resolvesTo} {@link #DECLINED}: the reason (default {@code payment_stopped})
     */
    public record Arrival(String accountId, long amount, String originatorCompanyName,
                          String originatorCompanyEntryDescription, String standardEntryClassCode,
                          List<String> addenda, String resolvesTo, String declineReason,
                          Instant automaticallyResolvesAt, LocalDate effectiveDate, String traceNumber) {

        /** A credit ({@code amount} positive) or debit (negative) with every other field at its default. */
        public static Arrival of(String accountId, long amount) {
            return new Arrival(accountId, amount, null, null, null, null, null, null, null, null, null);
        }

        /** Sent by {@code companyName}, described as {@code entryDescription}. */
        public Arrival withOriginator(String companyName, String entryDescription) {
            return new Arrival(accountId, amount, companyName, entryDescription, standardEntryClassCode, addenda,
                    resolvesTo, declineReason, automaticallyResolvesAt, effectiveDate, traceNumber);
        }

        public Arrival withStandardEntryClassCode(String code) {
            return new Arrival(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription, code,
                    addenda, resolvesTo, declineReason, automaticallyResolvesAt, effectiveDate, traceNumber);
        }

        public Arrival withAddenda(String... lines) {
            return new Arrival(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                    standardEntryClassCode, List.of(lines), resolvesTo, declineReason, automaticallyResolvesAt,
                    effectiveDate, traceNumber);
        }

        /** Accepted when it resolves, whatever the balance. */
        public Arrival resolvingAccepted() {
            return new Arrival(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                    standardEntryClassCode, addenda, ACCEPTED, null, automaticallyResolvesAt, effectiveDate,
                    traceNumber);
        }

        /** Declined with {@code reason} (null: {@code payment_stopped}) when it resolves. */
        public Arrival resolvingDeclined(String reason) {
            return new Arrival(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                    standardEntryClassCode, addenda, DECLINED, reason, automaticallyResolvesAt, effectiveDate,
                    traceNumber);
        }

        /** Resolves at {@code at} instead of an hour after it arrives. */
        public Arrival resolvingAt(Instant at) {
            return new Arrival(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                    standardEntryClassCode, addenda, resolvesTo, declineReason, at, effectiveDate, traceNumber);
        }

        public Arrival withEffectiveDate(LocalDate date) {
            return new Arrival(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                    standardEntryClassCode, addenda, resolvesTo, declineReason, automaticallyResolvesAt, date,
                    traceNumber);
        }

        /** The sending bank's 15-digit trace number instead of a generated one. */
        public Arrival withTraceNumber(String number) {
            return new Arrival(accountId, amount, originatorCompanyName, originatorCompanyEntryDescription,
                    standardEntryClassCode, addenda, resolvesTo, declineReason, automaticallyResolvesAt,
                    effectiveDate, number);
        }
    }
}
