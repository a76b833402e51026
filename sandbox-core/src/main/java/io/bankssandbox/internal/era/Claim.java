package io.bankssandbox.internal.era;

import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.ach.InboundAchLifecycle;

import io.bankssandbox.internal.era.InsurancePayments.AdjustmentInput;
import io.bankssandbox.internal.era.InsurancePayments.ClaimInput;
import io.bankssandbox.internal.era.InsurancePayments.PatientInput;
import io.bankssandbox.internal.era.InsurancePayments.ServiceLineInput;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * A claim of an insurance payment, built field by field; amounts are {@code long} cents, so
 * {@code charged(30_00)} reads as $30.00. What is left out takes the sandbox's defaults, and a claim
 * given only its amounts is balanced by the sandbox (the patient's share as PR-2, the rest of charged
 * minus paid as CO-45).
 *
 * <pre>{@code
 * Claim.builder().patientControlNumber("PCN-1001").patient("DOE", "JANE")
 *         .charged(30_00).paid(25_00).patientResponsibility(5_00)
 * }</pre>
 */
public final class Claim {
    private Claim() {}

    public static Builder builder() {
        return new Builder();
    }

    /** A service line of the claim, for {@link Builder#serviceLine}. */
    public static Line line(String procedureCode) {
        return new Line(procedureCode);
    }

    /** Collects one claim; {@link #build()} gives the command the sandbox checks. */
    public static final class Builder {
        private String patientControlNumber;
        private String payerClaimNumber;
        private String status;
        private long charged;
        private long paid;
        private Long patientResponsibility;
        private String patientName;
        private String subscriberId;
        private LocalDate serviceDate;
        private LocalDate serviceEndDate;
        private final List<AdjustmentInput> adjustments = new ArrayList<>();
        private final List<ServiceLineInput> serviceLines = new ArrayList<>();

        private Builder() {}

        /** The practice's own claim id (CLP01), required. */
        public Builder patientControlNumber(String number) {
            this.patientControlNumber = number;
            return this;
        }

        /** The payer's claim id (CLP07); the sandbox makes one up when left out. */
        public Builder payerClaimNumber(String number) {
            this.payerClaimNumber = number;
            return this;
        }

        /** {@code Era.Claim.PAID}, {@code DENIED} or {@code REVERSED}; left out, it follows the paid amount. */
        public Builder status(String claimStatus) {
            this.status = claimStatus;
            return this;
        }

        public Builder charged(long cents) {
            this.charged = cents;
            return this;
        }

        public Builder paid(long cents) {
            this.paid = cents;
            return this;
        }

        /** The patient's share; left out, it is the sum of the PR adjustments (0 for a claim of amounts only). */
        public Builder patientResponsibility(long cents) {
            this.patientResponsibility = cents;
            return this;
        }

        /** The patient as the 835's NM1*QC names them: the name is kept as {@code "FIRST LAST"}. */
        public Builder patient(String lastName, String firstName) {
            this.patientName = firstName + " " + lastName;
            return this;
        }

        /** The member id on the patient's insurance card (2 to 80 characters). */
        public Builder subscriberId(String id) {
            this.subscriberId = id;
            return this;
        }

        /** The date of service; left out, the payment's date. */
        public Builder serviceDate(LocalDate date) {
            this.serviceDate = date;
            return this;
        }

        /** A span of service, first and last day. */
        public Builder serviceDates(LocalDate first, LocalDate last) {
            this.serviceDate = first;
            this.serviceEndDate = last;
            return this;
        }

        /**
         * A claim-level adjustment: {@code group} {@code CO}, {@code OA}, {@code PI} or {@code PR}, a
         * claim adjustment reason code ({@code 45}), the amount in cents. A claim with any adjustment
         * or service line is taken as sent and must balance.
         */
        public Builder adjustment(String group, String reasonCode, long cents) {
            adjustments.add(new AdjustmentInput(group, reasonCode, null, cents));
            return this;
        }

        public Builder serviceLine(Line line) {
            serviceLines.add(line.build());
            return this;
        }

        public ClaimInput build() {
            PatientInput patient = patientName == null && subscriberId == null ? null
                    : new PatientInput(patientName, subscriberId);
            return new ClaimInput(patientControlNumber, payerClaimNumber, status, charged, paid, patientResponsibility,
                    patient, serviceDate == null ? null : serviceDate.toString(),
                    serviceEndDate == null ? null : serviceEndDate.toString(), List.copyOf(adjustments),
                    List.copyOf(serviceLines));
        }
    }

    /** One service line (SVC): a procedure, its amounts and its own adjustments. */
    public static final class Line {
        private final String procedureCode;
        private final List<String> modifiers = new ArrayList<>();
        private long charged;
        private long paid;
        private Long units;
        private final List<AdjustmentInput> adjustments = new ArrayList<>();
        private final List<String> remarkCodes = new ArrayList<>();

        private Line(String procedureCode) {
            this.procedureCode = procedureCode;
        }

        /** Procedure modifiers, 2 letters or digits each ({@code 25}). */
        public Line modifiers(String... codes) {
            modifiers.addAll(List.of(codes));
            return this;
        }

        public Line charged(long cents) {
            this.charged = cents;
            return this;
        }

        public Line paid(long cents) {
            this.paid = cents;
            return this;
        }

        /** Units of service; left out, 1. */
        public Line units(long count) {
            this.units = count;
            return this;
        }

        /** A line-level adjustment; the line's charged minus paid must equal its adjustments. */
        public Line adjustment(String group, String reasonCode, long cents) {
            adjustments.add(new AdjustmentInput(group, reasonCode, null, cents));
            return this;
        }

        /** Remittance advice remark codes ({@code N130}). */
        public Line remarkCodes(String... codes) {
            remarkCodes.addAll(List.of(codes));
            return this;
        }

        ServiceLineInput build() {
            return new ServiceLineInput(procedureCode, List.copyOf(modifiers), charged, paid, units,
                    List.copyOf(adjustments), List.copyOf(remarkCodes));
        }
    }
}
