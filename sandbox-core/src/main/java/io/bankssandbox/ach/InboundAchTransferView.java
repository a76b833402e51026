package io.bankssandbox.ach;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * An inbound ACH transfer as the API shows it: no {@code created_at} (the vendor shows none) and
 * none of the sandbox's own forcing fields; {@code addenda} only when the transfer carries some.
 */
public record InboundAchTransferView(
        String id,
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
        InboundAchTransfer.Declined declined,
        InboundAchTransfer.Returned returned,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<String> addenda) {

    public static InboundAchTransferView of(InboundAchTransfer t) {
        return new InboundAchTransferView(t.id(), t.accountId(), t.amount(), t.status(), t.standardEntryClassCode(),
                t.effectiveDate(), t.automaticallyResolvesAt(), t.originatorCompanyName(),
                t.originatorCompanyEntryDescription(), t.traceNumber(), t.transactionId(), t.settledAt(),
                t.acceptedAt(), t.declined(), t.returned(),
                t.addenda() == null || t.addenda().isEmpty() ? null : t.addenda());
    }
}
