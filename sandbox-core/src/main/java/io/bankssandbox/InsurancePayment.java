package io.bankssandbox;

import io.bankssandbox.internal.era.InsurancePayments;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * An insurance payment to simulate ({@code POST /_sandbox/insurance-payments}): a payer pays claims
 * into an account; the sandbox creates the pending ACH credit of the claims' paid total (with the
 * TRN reassociation addenda) and the ERA that reconciles with it.
 *
 * <pre>{@code
 * InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.builder()
 *         .account(accountId)
 *         .payer("AETNA", "60054")
 *         .claim(InsurancePayment.claim("PCN-1").charged(300_00).paid(250_00).patientResponsibility(50_00))
 *         .claim(InsurancePayment.claim("PCN-2").charged(120_00).paid(0).status(Era.Claim.DENIED)
 *                 .adjustment("CO", "50", 120_00)));
 * }</pre>
 *
 * A claim given only its amounts is balanced by the sandbox (a PR-2 adjustment of the patient's share,
 * a CO-45 adjustment of the rest); one that does not balance is refused (400).
 */
public final class InsurancePayment {
    private final InsurancePayments.Payment command;

    private InsurancePayment(InsurancePayments.Payment command) {
        this.command = command;
    }

    /** What the sandbox acts on. */
    InsurancePayments.Payment command() {
        return command;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A claim, identified by the practice's patient control number (CLP01). */
    public static ClaimBuilder claim(String patientControlNumber) {
        return new ClaimBuilder(patientControlNumber);
    }

    /** A service line of a claim, by its procedure code ({@code 99213}). */
    public static LineBuilder line(String procedureCode) {
        return new LineBuilder(procedureCode);
    }

    /** What a payment created: the pending ACH credit and its ERA. */
    public record Received(InboundAchTransfer inboundAchTransfer, Era era) {}

    public static final class Builder {
        private String accountId;
        private String payerName;
        private String payerId;
        private final List<InsurancePayments.ClaimInput> claims = new ArrayList<>();

        private Builder() {}

        /** The account paid into. */
        public Builder account(String id) {
            this.accountId = id;
            return this;
        }

        public Builder payer(String name, String id) {
            this.payerName = name;
            this.payerId = id;
            return this;
        }

        public Builder claim(ClaimBuilder claim) {
            claims.add(claim.input());
            return this;
        }

        public InsurancePayment build() {
            io.bankssandbox.internal.era.Era.Party payer = payerName == null && payerId == null ? null
                    : new io.bankssandbox.internal.era.Era.Party(payerName, payerId);
            return new InsurancePayment(new InsurancePayments.Payment(accountId, payer, List.copyOf(claims)));
        }
    }

    public static final class ClaimBuilder {
        private final String patientControlNumber;
        private String payerClaimNumber;
        private String status;
        private long charged;
        private long paid;
        private Long patientResponsibility;
        private String patientName;
        private String subscriberId;
        private LocalDate serviceDate;
        private LocalDate serviceEndDate;
        private final List<InsurancePayments.AdjustmentInput> adjustments = new ArrayList<>();
        private final List<InsurancePayments.ServiceLineInput> serviceLines = new ArrayList<>();

        private ClaimBuilder(String patientControlNumber) {
            this.patientControlNumber = patientControlNumber;
        }

        /** The payer's own claim number (CLP07); left out, one is generated. */
        public ClaimBuilder payerClaimNumber(String number) {
            this.payerClaimNumber = number;
            return this;
        }

        /** {@link Era.Claim#PAID} (the default), {@link Era.Claim#DENIED} or {@link Era.Claim#REVERSED}. */
        public ClaimBuilder status(String claimStatus) {
            this.status = claimStatus;
            return this;
        }

        public ClaimBuilder charged(long cents) {
            this.charged = cents;
            return this;
        }

        public ClaimBuilder paid(long cents) {
            this.paid = cents;
            return this;
        }

        public ClaimBuilder patientResponsibility(long cents) {
            this.patientResponsibility = cents;
            return this;
        }

        public ClaimBuilder patient(String lastName, String firstName) {
            this.patientName = firstName + " " + lastName;
            return this;
        }

        public ClaimBuilder subscriberId(String id) {
            this.subscriberId = id;
            return this;
        }

        public ClaimBuilder serviceDate(LocalDate date) {
            this.serviceDate = date;
            return this;
        }

        public ClaimBuilder serviceDates(LocalDate first, LocalDate last) {
            this.serviceDate = first;
            this.serviceEndDate = last;
            return this;
        }

        /** A claim-level adjustment ({@code "CO", "45", 50_00}). */
        public ClaimBuilder adjustment(String group, String reasonCode, long cents) {
            adjustments.add(new InsurancePayments.AdjustmentInput(group, reasonCode, null, cents));
            return this;
        }

        public ClaimBuilder serviceLine(LineBuilder line) {
            serviceLines.add(line.input());
            return this;
        }

        InsurancePayments.ClaimInput input() {
            InsurancePayments.PatientInput patient = patientName == null && subscriberId == null ? null
                    : new InsurancePayments.PatientInput(patientName, subscriberId);
            return new InsurancePayments.ClaimInput(patientControlNumber, payerClaimNumber, status, charged, paid,
                    patientResponsibility, patient, serviceDate == null ? null : serviceDate.toString(),
                    serviceEndDate == null ? null : serviceEndDate.toString(), List.copyOf(adjustments),
                    List.copyOf(serviceLines));
        }
    }

    public static final class LineBuilder {
        private final String procedureCode;
        private final List<String> modifiers = new ArrayList<>();
        private long charged;
        private long paid;
        private Long units;
        private final List<InsurancePayments.AdjustmentInput> adjustments = new ArrayList<>();
        private final List<String> remarkCodes = new ArrayList<>();

        private LineBuilder(String procedureCode) {
            this.procedureCode = procedureCode;
        }

        /** Procedure modifiers, 2 letters or digits each ({@code 25}). */
        public LineBuilder modifiers(String... codes) {
            modifiers.addAll(List.of(codes));
            return this;
        }

        public LineBuilder charged(long cents) {
            this.charged = cents;
            return this;
        }

        public LineBuilder paid(long cents) {
            this.paid = cents;
            return this;
        }

        /** Units of service; left out, 1. */
        public LineBuilder units(long count) {
            this.units = count;
            return this;
        }

        /** A line-level adjustment; the line's charged minus paid must equal its adjustments. */
        public LineBuilder adjustment(String group, String reasonCode, long cents) {
            adjustments.add(new InsurancePayments.AdjustmentInput(group, reasonCode, null, cents));
            return this;
        }

        /** Remittance advice remark codes ({@code N130}). */
        public LineBuilder remarkCodes(String... codes) {
            remarkCodes.addAll(List.of(codes));
            return this;
        }

        InsurancePayments.ServiceLineInput input() {
            return new InsurancePayments.ServiceLineInput(procedureCode, List.copyOf(modifiers), charged, paid, units,
                    List.copyOf(adjustments), List.copyOf(remarkCodes));
        }
    }
}
