package io.bankssandbox.ach;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An inbound ACH transfer as stored. {@code resolvesTo} and {@code declineReason} are the
 * sandbox's own: they force the outcome of automatic resolution and are kept in the state export,
 * never in API responses.
 */
public record InboundAchTransfer(
        String id,
        Instant createdAt,
        String accountId,
        long amount,
        String status,
        String standardEntryClassCode,
        LocalDate effectiveDate,
        Instant automaticallyResolvesAt,
        String originatorCompanyName,
        String originatorCompanyEntryDescription,
        String traceNumber,
        String transactionId,
        Instant settledAt,
        Instant acceptedAt,
        Declined declined,
        Returned returned,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<String> addenda,
        @JsonInclude(JsonInclude.Include.NON_NULL) String resolvesTo,
        @JsonInclude(JsonInclude.Include.NON_NULL) String declineReason) {

    public static final String PENDING = "pending";
    public static final String ACCEPTED = "accepted";
    public static final String DECLINED = "declined";
    public static final String RETURNED = "returned";

    public record Declined(String reason, Instant declinedAt) {}

    public record Returned(String reason, Instant returnedAt, String transactionId) {}

    public InboundAchTransfer accepted(Instant at, String newTransactionId) {
        return new InboundAchTransfer(id, createdAt, accountId, amount, ACCEPTED, standardEntryClassCode, effectiveDate,
                automaticallyResolvesAt, originatorCompanyName, originatorCompanyEntryDescription, traceNumber,
                newTransactionId, at, at, null, null, addenda, resolvesTo, declineReason);
    }

    public InboundAchTransfer declinedFor(String reason, Instant at) {
        return new InboundAchTransfer(id, createdAt, accountId, amount, DECLINED, standardEntryClassCode, effectiveDate,
                automaticallyResolvesAt, originatorCompanyName, originatorCompanyEntryDescription, traceNumber,
                null, null, null, new Declined(reason, at), null, addenda, resolvesTo, declineReason);
    }

    public InboundAchTransfer returnedFor(String reason, Instant at, String returnTransactionId) {
        return new InboundAchTransfer(id, createdAt, accountId, amount, RETURNED, standardEntryClassCode, effectiveDate,
                automaticallyResolvesAt, originatorCompanyName, originatorCompanyEntryDescription, traceNumber,
                transactionId, settledAt, acceptedAt, null, new Returned(reason, at, returnTransactionId), addenda,
                resolvesTo, declineReason);
    }
}
