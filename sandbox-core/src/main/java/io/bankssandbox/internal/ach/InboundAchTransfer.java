package io.bankssandbox.internal.ach;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonView;
import io.bankssandbox.internal.state.Json;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An inbound ACH transfer, as stored and as the API shows it. {@code createdAt} (the vendor shows
 * none), {@code resolvesTo} and {@code declineReason} are the sandbox's own: the last two force the
 * outcome of automatic resolution; all three are kept in the state export, never in API responses.
 * {@code addenda} is absent when the transfer carries none.
 */
public record InboundAchTransfer(
        String id,
        @JsonView(Json.Kept.class) Instant createdAt,
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
        @JsonView(Json.Kept.class) @JsonInclude(JsonInclude.Include.NON_NULL) String resolvesTo,
        @JsonView(Json.Kept.class) @JsonInclude(JsonInclude.Include.NON_NULL) String declineReason) {
    /** This row's table in every sandbox state: {@code state.table(InboundAchTransfer.TABLE)}. */
    public static final TableKind<InboundAchTransfer> TABLE = TableKind.newestFirst("inbound_ach_transfers", 40, InboundAchTransfer.class, InboundAchTransfer::id, t -> new SortKey(t.createdAt(), t.id()), InboundAchTransfer::accountId);


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
