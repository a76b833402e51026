package io.bankssandbox;

import io.bankssandbox.internal.era.InsurancePayments;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * An insurance payment to simulate ({@code POST /_sandbox/insurance-payments}): a payer pays claims
 * into an account; the sandbox creates the pending ACH credit of the claims' paid total (with the
 * TRN reassociation addenda) and the ERA that reconciles with it.
 *
 * <pre>{@code
 * InsurancePayment.Received payment = sandbox.insurancePayments().receive(InsurancePayment.into(accountId)
 *         .from("AETNA", "60054")
 *         .claim(InsurancePayment.claim("PCN-1", 300_00, 250_00).patientResponsibility(50_00))
 *         .claim(InsurancePayment.claim("PCN-2", 120_00, 0).denied().adjustment("CO", "50", 120_00)));
 * }</pre>
 *
 * What every payment needs, the compiler asks for, in order: the account paid into ({@link #into}), the
 * payer ({@link PayerStep#from}) and a first claim ({@link ClaimStep#claim}), each claim with its
 * patient control number and its charged and paid amounts ({@link #claim(String, long, long)}), each
 * service line with its procedure code and amounts ({@link #line(String, long, long)}); the rest is
 * optional.
 *
 * A claim given only its amounts is balanced by the sandbox (a PR-2 adjustment of the patient's share,
 * a CO-45 adjustment of the rest); one that does not balance is refused (400).
 *
 * <p>As payers really pay: {@link Builder#byCheck()} mails a check to the payee's lockbox instead of
 * an ACH credit; {@link Builder#eraDelay} and {@link Builder#paymentDelay} have the ERA or the money
 * arrive later on the sandbox clock; {@link Builder#providerAdjustment} holds money back or adds some
 * (X12 PLB); a claim may be {@link ClaimBuilder#denied()} or {@link ClaimBuilder#reversed()}.
 *
 * <pre>{@code
 * sandbox.insurancePayments().receive(InsurancePayment.into(accountId).from("CIGNA", "62308")
 *         .claim(InsurancePayment.claim("PCN-3", 200_00, 150_00))
 *         .byCheck().eraDelay(Duration.ofDays(2))
 *         .providerAdjustment(Era.ProviderAdjustment.INTEREST, null, -3_25));
 * }</pre>
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

    /** A payment into the account {@code accountId}; next, {@link PayerStep#from its payer}. */
    public static PayerStep into(String accountId) {
        return new PayerStep(accountId);
    }

    /**
     * A claim: the practice's patient control number (CLP01), the amount charged (CLP03) and the amount
     * the payer paid (CLP04), in cents.
     */
    public static ClaimBuilder claim(String patientControlNumber, long charged, long paid) {
        return new ClaimBuilder(patientControlNumber, charged, paid);
    }

    /** A service line of a claim: its procedure code ({@code 99213}), the amounts charged and paid, in cents. */
    public static LineBuilder line(String procedureCode, long charged, long paid) {
        return new LineBuilder(procedureCode, charged, paid);
    }

    /** A payment with its account: it needs its payer. */
    public static final class PayerStep {
        private final String accountId;

        private PayerStep(String accountId) {
            this.accountId = accountId;
        }

        /** The insurer that pays: its name and its payer id. Next, a first {@link ClaimStep#claim claim}. */
        public ClaimStep from(String payerName, String payerId) {
            return new ClaimStep(accountId, payerName, payerId);
        }
    }

    /** A payment with its account and payer: it needs a first claim. */
    public static final class ClaimStep {
        private final String accountId;
        private final String payerName;
        private final String payerId;

        private ClaimStep(String accountId, String payerName, String payerId) {
            this.accountId = accountId;
            this.payerName = payerName;
            this.payerId = payerId;
        }

        /** The first claim it pays; the {@link Builder} takes more, and the optional parts. */
        public Builder claim(ClaimBuilder claim) {
            return new Builder(accountId, payerName, payerId).claim(claim);
        }
    }

    /**
     * What a payment created: the money and its ERA.
     *
     * @param inboundAchTransfer the pending ACH credit; null for a check, and while a payment delay keeps
     *     it from arriving
     * @param era the ERA (until an ERA delay has passed, no read shows it yet)
     * @param mailItem the lockbox mail holding the check (its one {@link MailItem.Check}); null for ACH
     */
    public record Received(InboundAchTransfer inboundAchTransfer, Era era, MailItem mailItem) {}

    /** A payment with everything it needs; add claims and the optional parts, then receive it. */
    public static final class Builder {
        private final String accountId;
        private final String payerName;
        private final String payerId;
        private String method;
        private Duration eraDelay;
        private Duration paymentDelay;
        private final List<InsurancePayments.ClaimInput> claims = new ArrayList<>();
        private final List<InsurancePayments.ProviderAdjustmentInput> providerAdjustments = new ArrayList<>();

        private Builder(String accountId, String payerName, String payerId) {
            this.accountId = accountId;
            this.payerName = payerName;
            this.payerId = payerId;
        }

        /** One more claim. */
        public Builder claim(ClaimBuilder claim) {
            claims.add(claim.input());
            return this;
        }

        /**
         * Paid by paper check ({@code method: "check"}) instead of an ACH credit: the check arrives in
         * the mail at the lockbox of the account's entity and is deposited into the account; its serial
         * number is the ERA's check number. An entity without a lockbox: 409.
         */
        public Builder byCheck() {
            this.method = Era.Payment.CHECK;
            return this;
        }

        /**
         * The ERA is received this long after the payment posts (the ACH credit's acceptance, or the
         * check's deposit) instead of with it ({@code era_delay}; 0 to a year).
         */
        public Builder eraDelay(Duration delay) {
            this.eraDelay = delay;
            return this;
        }

        /**
         * The ERA is received now and the ACH credit arrives this long later ({@code payment_delay}; 0 to a
         * year; ACH only).
         */
        public Builder paymentDelay(Duration delay) {
            this.paymentDelay = delay;
            return this;
        }

        /**
         * A provider-level adjustment (X12 PLB): {@code cents} positive the payer holds back, negative it
         * adds; the payment is the claims' paid total minus these.
         *
         * @param reason one of {@code L6 WO FB 72 CS J1 IR 90} (constants on {@link Era.ProviderAdjustment})
         * @param reference what it concerns, or null
         */
        public Builder providerAdjustment(String reason, String reference, long cents) {
            providerAdjustments.add(new InsurancePayments.ProviderAdjustmentInput(reason, reference, cents));
            return this;
        }

        public InsurancePayment build() {
            io.bankssandbox.internal.era.Era.Party payer = new io.bankssandbox.internal.era.Era.Party(payerName, payerId);
            return new InsurancePayment(new InsurancePayments.Payment(accountId, payer, List.copyOf(claims), method,
                    eraDelay == null ? null : eraDelay.toString(), paymentDelay == null ? null : paymentDelay.toString(),
                    providerAdjustments.isEmpty() ? null : List.copyOf(providerAdjustments)));
        }
    }

    /** A claim with its number and amounts; the rest is optional. */
    public static final class ClaimBuilder {
        private final String patientControlNumber;
        private final long charged;
        private final long paid;
        private String payerClaimNumber;
        private String status;
        private Long patientResponsibility;
        private String patientName;
        private String subscriberId;
        private LocalDate serviceDate;
        private LocalDate serviceEndDate;
        private final List<InsurancePayments.AdjustmentInput> adjustments = new ArrayList<>();
        private final List<InsurancePayments.ServiceLineInput> serviceLines = new ArrayList<>();

        private ClaimBuilder(String patientControlNumber, long charged, long paid) {
            this.patientControlNumber = patientControlNumber;
            this.charged = charged;
            this.paid = paid;
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

        /** Denied ({@code CLP02} 4): it pays 0 and its whole charge is adjusted. */
        public ClaimBuilder denied() {
            return status(Era.Claim.DENIED);
        }

        /**
         * Reversed ({@code CLP02} 22): the payer takes back an earlier payment of this claim; give the
         * earlier claim's amounts and adjustments negated. Its corrected claim usually travels in the
         * same ERA.
         */
        public ClaimBuilder reversed() {
            return status(Era.Claim.REVERSED);
        }

        /** The patient's share (CLP05); left out, the total of its {@code PR} adjustments, its lines' included. */
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

    /** A service line with its procedure code and amounts; the rest is optional. */
    public static final class LineBuilder {
        private final String procedureCode;
        private final long charged;
        private final long paid;
        private final List<String> modifiers = new ArrayList<>();
        private Long units;
        private final List<InsurancePayments.AdjustmentInput> adjustments = new ArrayList<>();
        private final List<String> remarkCodes = new ArrayList<>();

        private LineBuilder(String procedureCode, long charged, long paid) {
            this.procedureCode = procedureCode;
            this.charged = charged;
            this.paid = paid;
        }

        /** Procedure modifiers, 2 letters or digits each ({@code 25}). */
        public LineBuilder modifiers(String... codes) {
            modifiers.addAll(List.of(codes));
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
