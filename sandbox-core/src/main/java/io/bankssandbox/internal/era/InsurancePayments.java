package io.bankssandbox.internal.era;

import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.ach.InboundAchLifecycle;
import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.externalaccounts.RoutingNumbers;
import io.bankssandbox.internal.lockbox.CheckDeposit;
import io.bankssandbox.internal.lockbox.LockboxMail;
import io.bankssandbox.internal.lockbox.MailItem;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StableDigits;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * An insurance payment as it reaches a practice: an ACH credit whose addenda carry the 835's TRN
 * segment (see {@link ReassociationTrace}) and the payee's tax id, and the ERA describing the claims
 * it pays. The ERA's {@code check_number} is the TRN reference, so the two reconcile; it names the
 * ACH's transaction once the transfer is accepted.
 *
 * <p>As payers really send them, a payment may also come as a paper check mailed to the payee's
 * lockbox ({@code method: "check"}: the check's serial number is the ERA's {@code check_number}, and
 * the ERA names the deposit's transaction at once); its two halves may arrive apart
 * ({@code era_delay}, {@code payment_delay}: see {@link EraArrivals}); the payer may hold money back
 * or add some at the provider level (PLB, {@code provider_adjustments}), so the payment is the claims'
 * paid total minus those; and claims may be denied or reversed (see {@link EraBalance}).
 *
 * <p>A claim sent with its amounts but without any adjustment or service line is balanced here, once
 * for every caller (control API, typed handle, dashboard): {@link EraBalance#impliedAdjustments}.
 * Explicit adjustments are taken as sent, and must balance.
 */
public final class InsurancePayments {
    /**
     * The payment asked for; optional fields are null. {@code method} {@code ach} (null means the same)
     * or {@code check}; {@code eraDelay} and {@code paymentDelay} ISO 8601 durations.
     */
    public record Payment(String accountId, Era.Party payer, List<ClaimInput> claims, String method, String eraDelay,
                          String paymentDelay, List<ProviderAdjustmentInput> providerAdjustments) {

        /** A payment as every payment was before checks, delays and PLB: by ACH, both halves now. */
        public Payment(String accountId, Era.Party payer, List<ClaimInput> claims) {
            this(accountId, payer, claims, null, null, null, null);
        }

        boolean byCheck() {
            return Era.Payment.CHECK.equals(method);
        }

        // the shapes of the fields that say when and how the money comes (a delay from PT0S to P365D,
        // payment_delay for ACH only, a PLB amount that is not 0) are the request's schema
        // (InsurancePaymentRequest), which the typed handle checks too; the claims' rules need the
        // balancing done with the state, see receive
    }

    public record ClaimInput(String patientControlNumber, String payerClaimNumber, String status, long chargedAmount,
                             long paidAmount, Long patientResponsibility, PatientInput patient, String serviceDate,
                             String serviceEndDate, List<AdjustmentInput> adjustments,
                             List<ServiceLineInput> serviceLines) {}

    public record PatientInput(String name, String subscriberId) {}

    public record ServiceLineInput(String procedureCode, List<String> modifiers, long chargedAmount, long paidAmount,
                                   Long units, List<AdjustmentInput> adjustments, List<String> remarkCodes) {}

    public record AdjustmentInput(String group, String reasonCode, String reason, long amount) {}

    /** A provider-level adjustment (PLB) as asked for: {@code reference} optional. */
    public record ProviderAdjustmentInput(String reason, String reference, long amount) {}

    /**
     * What one payment created: the pending ACH credit (null for a check, or while a {@code payment_delay}
     * keeps it from arriving), the lockbox mail holding the check (null for ACH), and the ERA.
     */
    public record Received(InboundAchTransfer transfer, MailItem mailItem, Era era) {}

    private InsurancePayments() {}

    public static Received receive(SandboxState state, Payment payment, Instant now) {
        Account account = state.table(Account.TABLE).get(payment.accountId());
        if (account == null) {
            throw DomainException.notFound("Account", payment.accountId());
        }
        Entity entity = state.table(Entity.TABLE).get(account.entityId());
        if (payment.byCheck() && entity.lockboxAddress() == null) {
            throw DomainException.conflict("Account " + account.id() + " belongs to entity " + entity.id()
                    + ", which has no lockbox: a payment by check is mailed to the payee's lockbox");
        }
        List<String> violations = new ArrayList<>();
        Duration eraDelay = EraArrivals.delay(payment.eraDelay(), "era_delay");
        Duration paymentDelay = EraArrivals.delay(payment.paymentDelay(), "payment_delay");
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        Instant serviceDay = today.atStartOfDay(ZoneOffset.UTC).toInstant();
        // BPR16, the EFT's effective date: the day the ACH credit arrives, later when the ERA is sent ahead
        Instant paymentDate = paymentDelay == null ? serviceDay
                : LocalDate.ofInstant(now.plus(paymentDelay), ZoneOffset.UTC).atStartOfDay(ZoneOffset.UTC).toInstant();
        if (entity.npi() == null) {
            violations.add("account " + account.id() + " belongs to entity " + entity.id()
                    + ", which has no NPI: an ERA's payee needs one");
        }
        List<Era.Claim> claims = new ArrayList<>();
        for (int i = 0; i < payment.claims().size(); i++) {
            claims.add(claim(payment.claims().get(i), "claims[" + i + "]", serviceDay, violations));
        }
        violations.addAll(EraBalance.claimViolations(claims));
        violations.addAll(EraBalance.statusViolations(claims));
        List<Era.ProviderAdjustment> adjustments = toProviderAdjustments(payment.providerAdjustments());
        long paid = EraBalance.paidTotal(claims);
        long total = paid - EraBalance.providerAdjustmentTotal(adjustments);
        if (violations.isEmpty() && total <= 0) {
            violations.add(adjustments.isEmpty()
                    ? "the claims' paid_amount must sum to a positive amount, the " + (payment.byCheck() ? "check" : "ACH credit")
                            + " that pays them (it is " + total + ")"
                    : "the claims' paid_amount total " + paid + " minus the provider_adjustments' total "
                            + EraBalance.providerAdjustmentTotal(adjustments) + " must be positive: it is the "
                            + (payment.byCheck() ? "check" : "ACH credit") + " that pays them (it is " + total + ")");
        }
        if (!violations.isEmpty()) {
            throw DomainException.invalid(violations);
        }
        // ids are drawn only once the payment is valid, so a refused request leaves the sequence alone
        for (int i = 0; i < claims.size(); i++) {
            Era.Claim c = claims.get(i);
            if (c.payerClaimNumber() == null) {
                claims.set(i, new Era.Claim(c.patientControlNumber(), "E" + state.ids.nextDigits(13), c.status(),
                        c.chargedAmount(), c.paidAmount(), c.patientResponsibility(), c.patient(), c.serviceDate(),
                        c.serviceEndDate(), c.adjustments(), c.serviceLines()));
            }
        }
        String reference = newReference(state, entity.id());
        Era.Payee payee = new Era.Payee(entity.name(), entity.npi());
        String eraDelayText = eraDelay == null ? null : payment.eraDelay();
        if (payment.byCheck()) {
            MailItem mail = LockboxMail.receiveInto(state, entity, account.id(), List.of(new LockboxMail.IncomingCheck(
                    total, CheckDeposit.SUBMITTED, payersCheck(payment.payer(), reference))), now);
            String transactionId = mail.checks().get(0).transactionId();
            Era era = new Era(state.ids.next("era_"), transactionId, entity.id(), payment.payer(), payee,
                    new Era.Payment(total, Era.Payment.CHECK, reference, paymentDate), List.copyOf(claims), adjustments,
                    eraDelay == null ? now : null, now, eraDelayText, null, null, null);
            return new Received(null, mail, arrived(state, era, eraDelay, now));
        }
        InboundAchTransfer transfer = null;
        if (paymentDelay == null) {
            transfer = InboundAchLifecycle.arrive(state, achCredit(account.id(), total, payment.payer(), reference,
                    entity.id()), now);
        }
        Instant paymentArrivesAt = paymentDelay == null ? null : now.plus(paymentDelay);
        Era era = new Era(state.ids.next("era_"), null, entity.id(), payment.payer(), payee,
                new Era.Payment(total, Era.Payment.ACH, reference, paymentDate), List.copyOf(claims), adjustments,
                eraDelay == null ? now : null, now, eraDelayText, null, paymentArrivesAt,
                paymentDelay == null ? null : account.id());
        era = arrived(state, era, null, now);
        if (paymentArrivesAt != null) {
            state.timeline.schedule(paymentArrivesAt, EraArrivals.PAYMENT_ARRIVES, era.id());
        }
        return new Received(transfer, null, era);
    }

    /**
     * The ERA made: kept, and received now unless it is on its way. A check-paid ERA's payment posted
     * with the mail, so its receipt is scheduled now ({@code checkDelay}); an ACH-paid one waits for its
     * credit's acceptance ({@link EraArrivals#paymentResolved}).
     */
    private static Era arrived(SandboxState state, Era era, Duration checkDelay, Instant now) {
        state.table(Era.TABLE).put(era);
        if (era.isReceived()) {
            state.events.publish(new EraChanged(era, "era.created", now));
            return era;
        }
        return checkDelay == null ? era : EraArrivals.receiveAt(state, era, now.plus(checkDelay), now);
    }

    /**
     * The ACH credit of an insurance payment: the payer's name as originator, NACHA's healthcare EFT
     * description, CCD, and the addenda that reassociate it with its ERA (TRN) and name the payee (REF*TJ).
     */
    static InboundAchLifecycle.Arrival achCredit(String accountId, long amount, Era.Party payer, String reference,
                                                 String entityId) {
        List<String> addenda = List.of(
                ReassociationTrace.of(reference, payer.id()).addendaLine(),
                "REF*TJ*" + taxId(entityId) + "~");
        return new InboundAchLifecycle.Arrival(accountId, amount, payer.name(), EraArrivals.ENTRY_DESCRIPTION, "CCD",
                addenda, null, null, null, null, null);
    }

    /**
     * The MICR line of a payer's check: its bank and account are stable per payer (the account is the
     * one an ACH-paid 835 names as the payer's, BPR09), and its serial number, printed again in the
     * auxiliary on-us field as business checks do, is the ERA's check number (TRN02).
     */
    private static CheckDeposit.Micr payersCheck(Era.Party payer, String serial) {
        String routing = RoutingNumbers.withCheckDigit("0" + StableDigits.of("check bank:" + payer.id(), 7));
        return new CheckDeposit.Micr(routing, StableDigits.of("account:" + payer.id(), 10), serial, serial);
    }

    private static List<Era.ProviderAdjustment> toProviderAdjustments(List<ProviderAdjustmentInput> in) {
        List<Era.ProviderAdjustment> out = new ArrayList<>();
        if (in != null) {
            for (ProviderAdjustmentInput adjustment : in) {
                out.add(new Era.ProviderAdjustment(adjustment.reason(), adjustment.reference(), adjustment.amount()));
            }
        }
        return List.copyOf(out);
    }

    /**
     * The pending ACH credit that pays {@code era}, found by its TRN reference and amount (unique among
     * pending credits: a new payment's reference is no unpaid ERA's); null when none.
     */
    static InboundAchTransfer transferOf(SandboxState state, Era era, String accountId) {
        for (InboundAchTransfer transfer : state.table(InboundAchTransfer.TABLE).inPartition(accountId)) {
            if (InboundAchTransfer.PENDING.equals(transfer.status()) && transfer.amount() == era.payment().amount()
                    && era.payment().checkNumber().equals(EraDirectory.trnReference(transfer.addenda()))) {
                return transfer;
            }
        }
        return null;
    }

    private static Era.Claim claim(ClaimInput in, String name, Instant paymentDate,
                                   List<String> violations) {
        List<Era.Adjustment> adjustments = adjustments(in.adjustments());
        boolean amountsOnly = adjustments.isEmpty() && (in.serviceLines() == null || in.serviceLines().isEmpty());
        if (amountsOnly) {
            adjustments = EraBalance.impliedAdjustments(in.chargedAmount(), in.paidAmount(),
                    in.patientResponsibility() != null ? in.patientResponsibility() : 0);
        }
        List<Era.ServiceLine> lines = new ArrayList<>();
        if (in.serviceLines() != null) {
            for (ServiceLineInput line : in.serviceLines()) {
                lines.add(new Era.ServiceLine(line.procedureCode(), orEmpty(line.modifiers()), line.chargedAmount(),
                        line.paidAmount(), line.units() != null ? line.units() : 1, adjustments(line.adjustments()),
                        orEmpty(line.remarkCodes())));
            }
        }
        String status = in.status() != null ? in.status()
                : in.paidAmount() > 0 ? Era.Claim.PAID : in.paidAmount() == 0 ? Era.Claim.DENIED : Era.Claim.REVERSED;
        long patientResponsibility = in.patientResponsibility() != null ? in.patientResponsibility()
                : EraBalance.patientResponsibility(adjustments, lines);
        Era.Patient patient = in.patient() == null ? new Era.Patient("UNKNOWN PATIENT", "")
                : new Era.Patient(in.patient().name(), in.patient().subscriberId() != null ? in.patient().subscriberId() : "");
        Instant serviceDate = in.serviceDate() == null ? paymentDate
                : dateOrTimestamp(in.serviceDate(), name + ".service_date");
        Instant serviceEndDate = in.serviceEndDate() == null ? null
                : dateOrTimestamp(in.serviceEndDate(), name + ".service_end_date");
        if (serviceDate != null && serviceEndDate != null && serviceEndDate.isBefore(serviceDate)) {
            violations.add(name + ".service_end_date must not be before its service_date");
        }
        return new Era.Claim(in.patientControlNumber(), in.payerClaimNumber(), status, in.chargedAmount(), in.paidAmount(),
                patientResponsibility, patient, serviceDate, serviceEndDate, adjustments, List.copyOf(lines));
    }

    private static List<Era.Adjustment> adjustments(List<AdjustmentInput> in) {
        List<Era.Adjustment> out = new ArrayList<>();
        if (in != null) {
            for (AdjustmentInput a : in) {
                String reason = a.reason() != null ? a.reason() : ClaimAdjustmentReasons.describe(a.reasonCode());
                out.add(new Era.Adjustment(a.group(), a.reasonCode(), reason, a.amount()));
            }
        }
        return List.copyOf(out);
    }

    private static List<String> orEmpty(List<String> values) {
        return values == null ? List.of() : List.copyOf(values);
    }

    /** A service date as its schema admits it (a date that exists, or an RFC 3339 timestamp), read. */
    private static Instant dateOrTimestamp(String value, String field) {
        try {
            return value.length() == 10 ? LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant()
                    : OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw DomainException.unreadable(field, value);
        }
    }

    /** A TRN reference no unpaid ERA of the entity already carries, so the payment matches one ERA. */
    private static String newReference(SandboxState state, String entityId) {
        while (true) {
            String candidate = "8" + state.ids.nextDigits(8);
            boolean taken = false;
            for (Era era : state.table(Era.TABLE).inPartition(entityId)) {
                taken |= era.transactionId() == null && candidate.equals(era.payment().checkNumber());
            }
            if (!taken) {
                return candidate;
            }
        }
    }

    /** The payee's 9-digit tax id as the fixture generator derives it: stable per entity. */
    static String taxId(String entityId) {
        return StableDigits.of(entityId, 9);
    }
}
