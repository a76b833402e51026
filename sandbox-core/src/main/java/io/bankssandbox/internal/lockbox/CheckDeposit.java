package io.bankssandbox.internal.lockbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * A check found in lockbox mail. A rejected check has no hold, no MICR and no transaction; a pending
 * one (scanned, not yet deposited) has its MICR but no hold and no transaction until it is submitted.
 * {@code depositReturn} is set only once a submitted check has been returned (absent otherwise).
 */
public record CheckDeposit(
        String id,
        long amount,
        String transactionId,
        String status,
        Hold hold,
        Micr micr,
        @JsonInclude(JsonInclude.Include.NON_NULL) DepositReturn depositReturn) {

    public static final String PENDING = "pending";
    public static final String SUBMITTED = "submitted";
    public static final String REJECTED = "rejected";
    public static final String RETURNED = "returned";

    public CheckDeposit(String id, long amount, String transactionId, String status, Hold hold, Micr micr) {
        this(id, amount, transactionId, status, hold, micr, null);
    }

    public record Hold(String status, Instant automaticallyReleasesAt, Instant releasedAt) {
        public static final String HELD = "held";
        public static final String RELEASED = "released";
    }

    public record Micr(String routingNumber, String accountNumber, String auxiliaryOnUs, String serialNumber) {}

    /** The paying bank sent the check back: why, when, and the transaction that took the money back. */
    public record DepositReturn(String reason, Instant returnedAt, String transactionId) {}

    public CheckDeposit withHold(Hold newHold) {
        return new CheckDeposit(id, amount, transactionId, status, newHold, micr, depositReturn);
    }
}
