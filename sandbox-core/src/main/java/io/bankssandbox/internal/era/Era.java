package io.bankssandbox.internal.era;

import io.bankssandbox.internal.state.TableKind;
import io.bankssandbox.internal.state.SortKey;

import java.time.Instant;
import java.util.List;

/**
 * A parsed 835 remittance advice. Amounts are integer cents and balance as X12 835 does (see
 * {@link EraBalance}). {@code entityId}, {@code receivedAt} and {@code updatedAt} are the sandbox's
 * own bookkeeping for the remittance listing; the ERA response leaves them out.
 */
public record Era(
        String id,
        String transactionId,
        String entityId,
        Party payer,
        Payee payee,
        Payment payment,
        List<Claim> claims,
        Instant receivedAt,
        Instant updatedAt) {
    /** This row's table in every sandbox state: {@code state.table(Era.TABLE)}. */
    public static final TableKind<Era> TABLE = TableKind.newestFirst("eras", 60, Era.class, Era::id, e -> new SortKey(e.receivedAt(), e.id()), Era::entityId)
            .lookupBy(Era.BY_TRANSACTION, e -> e.transactionId() == null ? List.of() : List.of(e.transactionId()))
            .withRowRules(era -> EraBalance.violations(era).stream().map(v -> ": " + v).toList());

    /** The ERA table's lookup by the transaction that paid the ERA. */
    public static final String BY_TRANSACTION = "transaction";


    public record Party(String name, String id) {}

    public record Payee(String name, String npi) {}

    public record Payment(long amount, String method, String checkNumber, Instant date) {}

    public record Claim(
            String patientControlNumber,
            String payerClaimNumber,
            String status,
            long chargedAmount,
            long paidAmount,
            long patientResponsibility,
            Patient patient,
            Instant serviceDate,
            Instant serviceEndDate,
            List<Adjustment> adjustments,
            List<ServiceLine> serviceLines) {
        public static final String PAID = "paid";
        public static final String DENIED = "denied";
        public static final String REVERSED = "reversed";
    }

    public record Patient(String name, String subscriberId) {}

    public record ServiceLine(
            String procedureCode,
            List<String> modifiers,
            long chargedAmount,
            long paidAmount,
            long units,
            List<Adjustment> adjustments,
            List<String> remarkCodes) {}

    public record Adjustment(String group, String reasonCode, String reason, long amount) {}

    public Era withTransaction(String newTransactionId, Instant at) {
        return new Era(id, newTransactionId, entityId, payer, payee, payment, claims, receivedAt, at);
    }
}
