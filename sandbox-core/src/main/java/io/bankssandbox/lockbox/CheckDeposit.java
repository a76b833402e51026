package io.bankssandbox.lockbox;

import java.time.Instant;

/** A check found in lockbox mail. A rejected check has no hold, no MICR and no transaction. */
public record CheckDeposit(
        String id,
        long amount,
        String transactionId,
        String status,
        Hold hold,
        Micr micr) {

    public static final String SUBMITTED = "submitted";
    public static final String REJECTED = "rejected";

    public record Hold(String status, Instant automaticallyReleasesAt, Instant releasedAt) {
        public static final String HELD = "held";
        public static final String RELEASED = "released";
    }

    public record Micr(String routingNumber, String accountNumber, String auxiliaryOnUs, String serialNumber) {}

    public CheckDeposit withHold(Hold newHold) {
        return new CheckDeposit(id, amount, transactionId, status, newHold, micr);
    }
}
