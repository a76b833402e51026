package io.bankssandbox.internal.transfers;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/** An outbound ACH transfer as the API shows it. */
public record AchTransferView(
        String id,
        String accountId,
        String externalAccountId,
        long amount,
        String status,
        String statementDescriptor,
        String transactionId,
        Instant settledAt,
        AchTransfer.Submission submission,
        @JsonProperty("return") AchTransfer.Return returned) {

    public static AchTransferView of(AchTransfer t) {
        return new AchTransferView(t.id(), t.accountId(), t.externalAccountId(), t.amount(), t.status(),
                t.statementDescriptor(), t.transactionId(), t.settledAt(), t.submission(), t.returned());
    }
}
