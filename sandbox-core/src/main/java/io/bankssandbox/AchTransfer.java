package io.bankssandbox;

import java.time.Instant;

/**
 * An outbound ACH transfer to an external account, as {@code GET /v0/ach-transfer/{id}} answers it:
 * {@link #PENDING}, then {@link #SUBMITTED} at the next half hour (settled the next business day:
 * {@code settledAt} set); or {@link #CANCELED}, {@link #REJECTED}, {@link #RETURNED}.
 *
 * @param amount cents, positive, as posted
 * @param submission null until submitted
 * @param returned null unless returned
 */
public record AchTransfer(String id, String accountId, String externalAccountId, long amount, String status,
                          String statementDescriptor, String transactionId, Instant settledAt, Submission submission,
                          Return returned) {
    public static final String PENDING = "pending";
    public static final String SUBMITTED = "submitted";
    public static final String CANCELED = "canceled";
    public static final String REJECTED = "rejected";
    public static final String RETURNED = "returned";

    public record Submission(Instant submittedAt, Instant expectedFundsSettlementAt) {}

    public record Return(String reason, Instant returnedAt) {}
}
