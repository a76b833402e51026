package io.bankssandbox;

/**
 * A check deposited through a lockbox, as {@code GET /v0/check-deposits/{id}} answers it.
 *
 * @param hold null for a check that was not deposited (pending, rejected)
 * @param depositReturn why and when the paying bank sent it back; null unless {@link #RETURNED}
 */
public record CheckDeposit(String id, long amount, String transactionId, String status, MailItem.Hold hold,
                           MailItem.Micr micr, String accountId, String inboundMailItemId, Return depositReturn) {
    public static final String PENDING = "pending";
    public static final String SUBMITTED = "submitted";
    public static final String REJECTED = "rejected";
    public static final String RETURNED = "returned";

    /**
     * The return: its reason ({@link #INSUFFICIENT_FUNDS} when none was given, else as given), when, and
     * the transaction that took the money back.
     */
    public record Return(String reason, java.time.Instant returnedAt, String transactionId) {
        public static final String INSUFFICIENT_FUNDS = "insufficient_funds";
    }
}
