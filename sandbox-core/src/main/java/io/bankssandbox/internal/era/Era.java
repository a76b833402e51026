package io.bankssandbox.internal.era;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonView;
import io.bankssandbox.internal.entities.NpiCheckDigit;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.state.SortKey;
import io.bankssandbox.internal.state.TableKind;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * A parsed 835 remittance advice. Amounts are integer cents and balance as X12 835 does (see
 * {@link EraBalance}). {@code entityId}, {@code receivedAt} and {@code updatedAt} are the sandbox's
 * own bookkeeping for the remittance listing; the ERA response leaves them out.
 *
 * <p>An insurance payment may split its halves in time ({@code era_delay}, {@code payment_delay}): the
 * fields kept for that are the sandbox's own ({@link Json.Kept}) and absent from an ordinary ERA.
 * {@code eraDelay} is set on an ERA not yet received ({@code receivedAt} null): it is received that
 * long after its payment posts, at {@code receivesAt} once that is known. {@code paymentArrivesAt} and
 * {@code paymentAccountId} are set while the ACH credit that pays it has not arrived. An ERA not yet
 * received is in no listing and no lookup: {@link #isReceived()}.
 */
public record Era(
        String id,
        String transactionId,
        String entityId,
        Party payer,
        Payee payee,
        Payment payment,
        List<Claim> claims,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ProviderAdjustment> providerAdjustments,
        Instant receivedAt,
        Instant updatedAt,
        @JsonView(Json.Kept.class) @JsonInclude(JsonInclude.Include.NON_NULL) String eraDelay,
        @JsonView(Json.Kept.class) @JsonInclude(JsonInclude.Include.NON_NULL) Instant receivesAt,
        @JsonView(Json.Kept.class) @JsonInclude(JsonInclude.Include.NON_NULL) Instant paymentArrivesAt,
        @JsonView(Json.Kept.class) @JsonInclude(JsonInclude.Include.NON_NULL) String paymentAccountId) {
    /** This row's table in every sandbox state: {@code state.table(Era.TABLE)}. */
    public static final TableKind<Era> TABLE = TableKind.newestFirst("eras", 60, Era.class, Era::id, Era::sortKey, Era::entityId)
            .lookupBy(Era.BY_TRANSACTION, e -> e.transactionId() == null || !e.isReceived() ? List.of() : List.of(e.transactionId()))
            .withRowRules(era -> Stream.concat(Stream.concat(EraBalance.violations(era).stream(),
                    EraArrivals.rowViolations(era).stream()).map(v -> ": " + v),
                    NpiCheckDigit.violations("npi", era.payee() == null ? null : era.payee().npi()).stream()
                            .map(v -> "/payee/npi: " + v)).toList());

    /** The ERA table's lookup by the transaction that paid the ERA (received ERAs only). */
    public static final String BY_TRANSACTION = "transaction";

    public Era {
        providerAdjustments = providerAdjustments == null ? List.of() : List.copyOf(providerAdjustments);
    }

    /** An ERA received when it was made, as every ERA was before payments could split their halves in time. */
    public Era(String id, String transactionId, String entityId, Party payer, Payee payee, Payment payment,
               List<Claim> claims, Instant receivedAt, Instant updatedAt) {
        this(id, transactionId, entityId, payer, payee, payment, claims, List.of(), receivedAt, updatedAt, null, null,
                null, null);
    }

    public record Party(String name, String id) {}

    public record Payee(String name, String npi) {}

    public record Payment(long amount, String method, String checkNumber, Instant date) {
        public static final String ACH = "ach";
        public static final String CHECK = "check";
    }

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

    /**
     * A provider-level adjustment (X12 PLB): money the payer holds back from this payment (a positive
     * amount: an overpayment recovered, {@code WO}) or adds to it (a negative one: interest, {@code L6}),
     * not tied to one claim. {@code reference} (PLB03-2) names what it concerns; null when none.
     */
    public record ProviderAdjustment(String reason, String reference, long amount) {
        /** The reason codes the sandbox takes (PLB03-1), each a code of the 005010X221A1 guide. */
        public static final List<String> REASONS = List.of("L6", "WO", "FB", "72", "CS", "J1", "IR", "90");
    }

    /** Whether the practice has received it: false only while an {@code era_delay} keeps it on its way. */
    @JsonIgnore
    public boolean isReceived() {
        return receivedAt != null;
    }

    /** Received ERAs sort by when they were received; one on its way by when it was last changed. */
    private SortKey sortKey() {
        return new SortKey(receivedAt != null ? receivedAt : updatedAt, id);
    }

    public Era withTransaction(String newTransactionId, Instant at) {
        return new Era(id, newTransactionId, entityId, payer, payee, payment, claims, providerAdjustments, receivedAt, at,
                eraDelay, receivesAt, paymentArrivesAt, paymentAccountId);
    }

    /** This ERA on its way, received at {@code at} (null: once its payment posts, {@code eraDelay} later). */
    public Era receivingAt(Instant at) {
        return new Era(id, transactionId, entityId, payer, payee, payment, claims, providerAdjustments, receivedAt,
                updatedAt, eraDelay, at, paymentArrivesAt, paymentAccountId);
    }

    /** This ERA, received at {@code at}: its delay is spent. */
    public Era received(Instant at) {
        return new Era(id, transactionId, entityId, payer, payee, payment, claims, providerAdjustments, at, at, null, null,
                paymentArrivesAt, paymentAccountId);
    }

    /** This ERA once the ACH credit that pays it has arrived. */
    public Era paymentArrived() {
        return new Era(id, transactionId, entityId, payer, payee, payment, claims, providerAdjustments, receivedAt,
                updatedAt, eraDelay, receivesAt, null, null);
    }
}
