package io.bankssandbox.internal.era;

import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.ach.InboundAchLifecycle;

import io.bankssandbox.internal.era.EraChanged;
import io.bankssandbox.internal.accounts.Account;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.era.Era;
import io.bankssandbox.internal.era.ClaimAdjustmentReasons;
import io.bankssandbox.internal.era.EraBalance;
import io.bankssandbox.internal.era.ReassociationTrace;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.StableDigits;
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
 * <p>A claim sent with its amounts but without any adjustment or service line is balanced here, once
 * for every caller (control API, typed handle, dashboard): {@link EraBalance#impliedAdjustments}.
 * Explicit adjustments are taken as sent, and must balance.
 */
public final class InsurancePayments {
    /** The payment asked for; optional fields are null. */
    public record Payment(String accountId, Era.Party payer, List<ClaimInput> claims) {}

    public record ClaimInput(String patientControlNumber, String payerClaimNumber, String status, long chargedAmount,
                             long paidAmount, Long patientResponsibility, PatientInput patient, String serviceDate,
                             String serviceEndDate, List<AdjustmentInput> adjustments,
                             List<ServiceLineInput> serviceLines) {}

    public record PatientInput(String name, String subscriberId) {}

    public record ServiceLineInput(String procedureCode, List<String> modifiers, long chargedAmount, long paidAmount,
                                   Long units, List<AdjustmentInput> adjustments, List<String> remarkCodes) {}

    public record AdjustmentInput(String group, String reasonCode, String reason, long amount) {}

    /** What one payment created. */
    public record Received(InboundAchTransfer transfer, Era era) {}

    private InsurancePayments() {}

    public static Received receive(SandboxState state, Payment payment, Instant now) {
        Account account = state.table(Account.TABLE).get(payment.accountId());
        if (account == null) {
            throw DomainException.notFound("Account", payment.accountId());
        }
        Entity entity = state.table(Entity.TABLE).get(account.entityId());
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        Instant paymentDate = today.atStartOfDay(ZoneOffset.UTC).toInstant();
        List<String> violations = new ArrayList<>();
        if (entity.npi() == null) {
            violations.add("account " + account.id() + " belongs to entity " + entity.id()
                    + ", which has no NPI: an ERA's payee needs one");
        }
        List<Era.Claim> claims = new ArrayList<>();
        for (int i = 0; i < payment.claims().size(); i++) {
            claims.add(claim(payment.claims().get(i), "claims[" + i + "]", paymentDate, violations));
        }
        violations.addAll(EraBalance.claimViolations(claims));
        long total = EraBalance.paidTotal(claims);
        if (violations.isEmpty() && total <= 0) {
            violations.add("the claims' paid_amount must sum to a positive amount, the ACH credit that pays them (it is "
                    + total + ")");
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
        List<String> addenda = List.of(
                ReassociationTrace.of(reference, payment.payer().id()).addendaLine(),
                "REF*TJ*" + taxId(entity.id()) + "~");
        InboundAchTransfer transfer = InboundAchLifecycle.arrive(state, new InboundAchLifecycle.Arrival(
                account.id(), total, payment.payer().name(), "HCCLAIMPMT", "CCD", addenda, null, null, null, today,
                null), now);
        Era era = new Era(state.ids.next("era_"), null, entity.id(), payment.payer(),
                new Era.Payee(entity.name(), entity.npi()), new Era.Payment(total, "ach", reference, paymentDate),
                List.copyOf(claims), now, now);
        state.table(Era.TABLE).put(era);
        state.events.publish(new EraChanged(era, "era.created", now));
        return new Received(transfer, era);
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
                : dateOrTimestamp(in.serviceDate(), name + ".service_date", violations);
        Instant serviceEndDate = in.serviceEndDate() == null ? null
                : dateOrTimestamp(in.serviceEndDate(), name + ".service_end_date", violations);
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

    private static Instant dateOrTimestamp(String value, String field, List<String> violations) {
        try {
            return value.length() == 10 ? LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant()
                    : OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            violations.add(field + " must be a date or an ISO 8601 timestamp");
            return null;
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
