package io.bankssandbox.internal.era;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The equations an ERA balances by, as X12 835 does: each service line's charged minus paid equals
 * its adjustments; each claim's charged minus paid equals its claim-level adjustments plus all its
 * lines' adjustments; the payment equals the sum of the claims' paid amounts minus the provider-level
 * adjustments (PLB: positive is held back, negative added), and is positive. A claim's status says
 * what its amounts are: a denied claim pays 0, a reversed one (a payer taking back an earlier payment)
 * has a negative charge and pays nothing or less than nothing, a paid one pays 0 or more. A remittance
 * that does not balance cannot be posted by a practice-management system, so the sandbox never makes one.
 */
public final class EraBalance {
    private EraBalance() {}

    /** Every equation the claims break, each naming the claim (and line) and the numbers; empty when they balance. */
    public static List<String> claimViolations(List<Era.Claim> claims) {
        List<String> violations = new ArrayList<>();
        for (int c = 0; c < claims.size(); c++) {
            Era.Claim claim = claims.get(c);
            String claimName = "claims[" + c + "] (patient_control_number " + claim.patientControlNumber() + ")";
            long allAdjustments = sum(claim.adjustments());
            for (int l = 0; l < claim.serviceLines().size(); l++) {
                Era.ServiceLine line = claim.serviceLines().get(l);
                long lineAdjustments = sum(line.adjustments());
                allAdjustments += lineAdjustments;
                if (line.chargedAmount() - line.paidAmount() != lineAdjustments) {
                    violations.add(claimName + " service_lines[" + l + "] (procedure_code " + line.procedureCode()
                            + ") does not balance: charged_amount - paid_amount = " + line.chargedAmount() + " - "
                            + line.paidAmount() + " = " + (line.chargedAmount() - line.paidAmount())
                            + ", but the line's adjustments sum to " + lineAdjustments);
                }
            }
            if (claim.chargedAmount() - claim.paidAmount() != allAdjustments) {
                violations.add(claimName + " does not balance: charged_amount - paid_amount = " + claim.chargedAmount()
                        + " - " + claim.paidAmount() + " = " + (claim.chargedAmount() - claim.paidAmount())
                        + ", but the claim's adjustments plus its service lines' adjustments sum to " + allAdjustments);
            }
        }
        return violations;
    }

    /**
     * The claim-level adjustments that balance a claim sent with amounts but without any adjustment
     * or service line: the patient's share as PR-2 (coinsurance), the rest of charged minus paid as
     * CO-45 (charge exceeds the fee schedule). A zero amount gives no adjustment.
     */
    public static List<Era.Adjustment> impliedAdjustments(long charged, long paid, long patientResponsibility) {
        List<Era.Adjustment> implied = new ArrayList<>(2);
        if (patientResponsibility != 0) {
            implied.add(new Era.Adjustment("PR", ClaimAdjustmentReasons.COINSURANCE,
                    ClaimAdjustmentReasons.describe(ClaimAdjustmentReasons.COINSURANCE), patientResponsibility));
        }
        long rest = charged - paid - patientResponsibility;
        if (rest != 0) {
            implied.add(new Era.Adjustment("CO", ClaimAdjustmentReasons.FEE_SCHEDULE,
                    ClaimAdjustmentReasons.describe(ClaimAdjustmentReasons.FEE_SCHEDULE), rest));
        }
        return List.copyOf(implied);
    }

    /**
     * What each claim's status requires of its amounts: {@code denied} pays 0 (CLP02 4, its whole
     * charge adjusted), {@code reversed} carries the original claim negated (CLP02 22: a negative
     * charge, a paid amount of 0 or less), {@code paid} pays 0 or more (CLP02 1; money taken back is a
     * reversal). Empty when every claim agrees with its status.
     */
    public static List<String> statusViolations(List<Era.Claim> claims) {
        List<String> violations = new ArrayList<>();
        for (int c = 0; c < claims.size(); c++) {
            Era.Claim claim = claims.get(c);
            String claimName = "claims[" + c + "] (patient_control_number " + claim.patientControlNumber() + ")";
            if (Era.Claim.DENIED.equals(claim.status()) && claim.paidAmount() != 0) {
                violations.add(claimName + " is denied, so it pays 0 and its whole charge is adjusted, but its"
                        + " paid_amount is " + claim.paidAmount());
            } else if (Era.Claim.REVERSED.equals(claim.status())
                    && (claim.chargedAmount() >= 0 || claim.paidAmount() > 0)) {
                violations.add(claimName + " is reversed: it takes back an earlier claim with that claim's amounts"
                        + " negated, so its charged_amount must be negative and its paid_amount not positive, but they"
                        + " are " + claim.chargedAmount() + " and " + claim.paidAmount());
            } else if (Era.Claim.PAID.equals(claim.status()) && claim.paidAmount() < 0) {
                violations.add(claimName + " is paid, so its paid_amount must not be negative (it is "
                        + claim.paidAmount() + "): a payer taking money back sends the claim reversed");
            }
        }
        return violations;
    }

    /**
     * Every equation the ERA breaks: its claims', their statuses, and the payment against the claims'
     * paid total minus the provider adjustments (that no adjustment is 0 is the schema's: EraProviderAdjustment).
     */
    public static List<String> violations(Era era) {
        List<String> violations = claimViolations(era.claims());
        violations.addAll(statusViolations(era.claims()));
        long paid = paidTotal(era.claims());
        long adjusted = providerAdjustmentTotal(era.providerAdjustments());
        if (era.providerAdjustments().isEmpty()) {
            if (era.payment().amount() != paid) {
                violations.add("payment.amount " + era.payment().amount() + " must equal the sum of the claims'"
                        + " paid_amount " + paid);
            }
        } else if (era.payment().amount() != paid - adjusted) {
            violations.add("payment.amount " + era.payment().amount() + " must equal the sum of the claims' paid_amount "
                    + paid + " minus the provider_adjustments' total " + adjusted + ", " + (paid - adjusted));
        }
        if (era.payment().amount() <= 0) {
            violations.add("payment.amount must be positive (it is " + era.payment().amount() + "): it is the money"
                    + " the payer sends");
        }
        return violations;
    }

    /** The PLB total: what the payer holds back (positive) net of what it adds (negative). */
    public static long providerAdjustmentTotal(List<Era.ProviderAdjustment> adjustments) {
        return total(adjustments, Era.ProviderAdjustment::amount);
    }

    public static long paidTotal(List<Era.Claim> claims) {
        return total(claims, Era.Claim::paidAmount);
    }

    /** The patient's share: the adjustments of group PR, on the claim and on its lines. */
    public static long patientResponsibility(List<Era.Adjustment> claimAdjustments, List<Era.ServiceLine> lines) {
        return sumOfGroup(claimAdjustments, "PR") + total(lines, line -> sumOfGroup(line.adjustments(), "PR"));
    }

    private static long sum(List<Era.Adjustment> adjustments) {
        return total(adjustments, Era.Adjustment::amount);
    }

    private static long sumOfGroup(List<Era.Adjustment> adjustments, String group) {
        return total(adjustments, adjustment -> group.equals(adjustment.group()) ? adjustment.amount() : 0);
    }

    private static <T> long total(List<T> items, ToLongFunction<T> amount) {
        long total = 0;
        for (T item : items) {
            total += amount.applyAsLong(item);
        }
        return total;
    }
}
