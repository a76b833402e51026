package io.bankssandbox;

import java.time.Instant;
import java.util.List;

/**
 * Electronic remittance advice (a parsed X12 835), as {@code GET /v0/transactions/{id}/era} answers
 * it: which claims a payer paid, denied or reversed, and how each amount was adjusted. Amounts are
 * cents. It balances as the 835 does: each line's charged minus paid is its adjustments, each
 * claim's charged minus paid is its adjustments plus its lines', and the payment is the claims'
 * paid total minus the provider adjustments (X12 PLB).
 *
 * @param transactionId the transaction of the money that paid it (null while that has not posted)
 * @param providerAdjustments money the payer held back from this payment or added to it, not tied to a
 *     claim; empty when none (the JSON then has no {@code provider_adjustments})
 */
public record Era(String id, String transactionId, Party payer, Payee payee, Payment payment, List<Claim> claims,
                  List<ProviderAdjustment> providerAdjustments) {

    public Era {
        claims = List.copyOf(claims);
        providerAdjustments = providerAdjustments == null ? List.of() : List.copyOf(providerAdjustments);
    }

    /** The insurer that paid; {@code id} its payer id. */
    public record Party(String name, String id) {}

    /** The provider paid. */
    public record Payee(String name, String npi) {}

    /**
     * The payment as a whole.
     *
     * @param method {@link #ACH} or {@link #CHECK}
     * @param checkNumber the reassociation trace (TRN02): the ACH's TRN addenda reference, or the check's serial number
     */
    public record Payment(long amount, String method, String checkNumber, Instant date) {
        public static final String ACH = "ach";
        public static final String CHECK = "check";
    }

    /** One claim: {@link #PAID}, {@link #DENIED} (pays 0) or {@link #REVERSED} (amounts negative). */
    public record Claim(String patientControlNumber, String payerClaimNumber, String status, long chargedAmount,
                        long paidAmount, long patientResponsibility, Patient patient, Instant serviceDate,
                        Instant serviceEndDate, List<Adjustment> adjustments, List<ServiceLine> serviceLines) {
        public static final String PAID = "paid";
        public static final String DENIED = "denied";
        public static final String REVERSED = "reversed";

        public Claim {
            adjustments = List.copyOf(adjustments);
            serviceLines = List.copyOf(serviceLines);
        }
    }

    public record Patient(String name, String subscriberId) {}

    public record ServiceLine(String procedureCode, List<String> modifiers, long chargedAmount, long paidAmount,
                              long units, List<Adjustment> adjustments, List<String> remarkCodes) {
        public ServiceLine {
            modifiers = List.copyOf(modifiers);
            adjustments = List.copyOf(adjustments);
            remarkCodes = List.copyOf(remarkCodes);
        }
    }

    /**
     * A provider-level adjustment (X12 PLB): a positive {@code amount} the payer held back (an
     * overpayment recovered from an earlier payment, {@link #OVERPAYMENT_RECOVERY}), a negative one it
     * added (interest on a late claim, {@link #INTEREST}).
     *
     * @param reason the PLB adjustment reason code: {@code L6}, {@code WO}, {@code FB}, {@code 72},
     *     {@code CS}, {@code J1}, {@code IR} or {@code 90}
     * @param reference what it concerns (PLB03-2, such as the claim an overpayment was on); null when none
     */
    public record ProviderAdjustment(String reason, String reference, long amount) {
        /** {@code L6}: interest owed on a late claim, a negative amount (added to the payment). */
        public static final String INTEREST = "L6";
        /** {@code WO}: an overpayment recovered, a positive amount (held back). */
        public static final String OVERPAYMENT_RECOVERY = "WO";
        /** {@code FB}: a forwarding balance, carried from or to another payment. */
        public static final String FORWARDING_BALANCE = "FB";
        /** {@code 72}: an authorized return of money the provider sent back. */
        public static final String AUTHORIZED_RETURN = "72";
    }

    /**
     * A claim adjustment (X12 CAS): {@code group} such as {@code CO} (contractual) or {@code PR}
     * (patient responsibility), {@code reasonCode} such as {@code 45}, {@code reason} its words.
     */
    public record Adjustment(String group, String reasonCode, String reason, long amount) {}
}
