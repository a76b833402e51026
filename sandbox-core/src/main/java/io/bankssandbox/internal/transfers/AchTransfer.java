package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * An outbound ACH transfer to an external account, as stored. The money leaves the account when
 * the transfer is created ({@code transactionId}); {@code amount} is positive, as posted.
 * {@code approvedAt} and {@code reversalTransactionId} are the sandbox's own bookkeeping (kept in
 * the state export, never in API responses): when a large transfer was approved, and the
 * transaction that gave the money back after a rejection, cancellation or return.
 */
public record AchTransfer(
        String id,
        Instant createdAt,
        String accountId,
        String externalAccountId,
        long amount,
        String description,
        String statementDescriptor,
        String status,
        String transactionId,
        Instant settledAt,
        Submission submission,
        @JsonProperty("return") Return returned,
        @JsonInclude(JsonInclude.Include.NON_NULL) Instant approvedAt,
        @JsonInclude(JsonInclude.Include.NON_NULL) String reversalTransactionId) {
    /** This row's table in every sandbox state: {@code state.table(AchTransfer.TABLE)}. */
    public static final TableKind<AchTransfer> TABLE = TableKind.newestFirst("ach_transfers", 110, AchTransfer.class, AchTransfer::id, a -> new SortKey(a.createdAt(), a.id()), AchTransfer::accountId);


    public static final String PENDING = "pending";
    public static final String SUBMITTED = "submitted";
    public static final String CANCELED = "canceled";
    public static final String REJECTED = "rejected";
    public static final String RETURNED = "returned";

    /** Above this many cents a transfer waits in {@code pending} until approved. */
    public static final long APPROVAL_THRESHOLD = 10_000_000L;

    public record Submission(Instant submittedAt, Instant expectedFundsSettlementAt) {}

    public record Return(String reason, Instant returnedAt) {}

    public boolean requiresApproval() {
        return amount > APPROVAL_THRESHOLD;
    }

    /** Whether it is waiting for nothing but the clock to be submitted. */
    public boolean awaitsSubmission() {
        return PENDING.equals(status) && (!requiresApproval() || approvedAt != null);
    }

    AchTransfer approved(Instant at) {
        return new AchTransfer(id, createdAt, accountId, externalAccountId, amount, description, statementDescriptor,
                status, transactionId, settledAt, submission, returned, at, reversalTransactionId);
    }

    AchTransfer submitted(Submission newSubmission) {
        return new AchTransfer(id, createdAt, accountId, externalAccountId, amount, description, statementDescriptor,
                SUBMITTED, transactionId, settledAt, newSubmission, returned, approvedAt, reversalTransactionId);
    }

    AchTransfer settled(Instant at) {
        return new AchTransfer(id, createdAt, accountId, externalAccountId, amount, description, statementDescriptor,
                status, transactionId, at, submission, returned, approvedAt, reversalTransactionId);
    }

    AchTransfer reversed(String newStatus, Return newReturn, String reversalId) {
        return new AchTransfer(id, createdAt, accountId, externalAccountId, amount, description, statementDescriptor,
                newStatus, transactionId, settledAt, submission, newReturn, approvedAt, reversalId);
    }
}
