package io.bankssandbox;

import java.time.LocalDate;
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
     * @param date the payment's effective date (BPR16): the JSON's {@code payment.date}, midnight UTC of this day
     */
    public record Payment(long amount, String method, String checkNumber, LocalDate date) {
        public static final String ACH = "ach";
        public static final String CHECK = "check";
    }

    /**
     * One claim: {@link #PAID}, {@link #DENIED} (pays 0) or {@link #REVERSED} (amounts negative).
     *
     * @param serviceDate the (first) day of service, the UTC day of the JSON's {@code service_date}
     * @param serviceEndDate the last day of a span of service; null for a single day
     */
    public record Claim(String patientControlNumber, String payerClaimNumber, String status, long chargedAmount,
                        long paidAmount, long patientResponsibility, Patient patient, LocalDate serviceDate,
                        LocalDate serviceEndDate, List<Adjustment> adjustments, List<ServiceLine> serviceLines) {
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
     * @param reason the PLB adjustment reason code, one of this record's constants
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
        /** {@code CS}: an adjustment the payer explains elsewhere. */
        public static final String ADJUSTMENT = "CS";
        /** {@code J1}: nonreimbursable. */
        public static final String NONREIMBURSABLE = "J1";
        /** {@code IR}: Internal Revenue Service withholding. */
        public static final String IRS_WITHHOLDING = "IR";
        /** {@code 90}: an early payment allowance. */
        public static final String EARLY_PAYMENT_ALLOWANCE = "90";
    }

    /**
     * A claim adjustment (X12 CAS): {@code group} one of the constants ({@link #CONTRACTUAL} {@code CO},
     * {@link #PATIENT_RESPONSIBILITY} {@code PR} ...), {@code reasonCode} such as {@code 45}, {@code reason}
     * its words.
     */
    public record Adjustment(String group, String reasonCode, String reason, long amount) {
        /** {@code CO}: contractual obligation, the provider writes it off. */
        public static final String CONTRACTUAL = "CO";
        /** {@code OA}: other adjustment. */
        public static final String OTHER = "OA";
        /** {@code PI}: payer initiated reduction. */
        public static final String PAYER_INITIATED = "PI";
        /** {@code PR}: patient responsibility, the patient owes it. */
        public static final String PATIENT_RESPONSIBILITY = "PR";
    }
}
