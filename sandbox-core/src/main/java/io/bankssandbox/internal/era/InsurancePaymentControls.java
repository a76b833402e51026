package io.bankssandbox.internal.era;

import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.ach.InboundAchLifecycle;

import io.bankssandbox.internal.control.ControlCalls;
import io.bankssandbox.internal.era.Era;
import java.util.List;
import java.util.Map;

/**
 * Insurance payments ({@code POST /_sandbox/insurance-payments}): a pending ACH credit of the
 * claims' paid total, with TRN/REF addenda, and the ERA that reconciles with it.
 */
public final class InsurancePaymentControls {
    private final ControlCalls calls;

    public InsurancePaymentControls(ControlCalls calls) {
        this.calls = calls;
    }

    public InsurancePaymentView receive(InsurancePayments.Payment payment) {
        return calls.post(InsurancePaymentView.class, "/_sandbox/insurance-payments", Map.of(),
                payment);
    }

    /** The payment a builder describes: {@code receive(InsurancePayment.builder().account(id).payer(...).claim(...))}. */
    public InsurancePaymentView receive(InsurancePayment.Builder payment) {
        return receive(payment.build());
    }

    public InsurancePaymentView receive(String accountId, Era.Party payer,
                                                          InsurancePayments.ClaimInput... claims) {
        return receive(new InsurancePayments.Payment(accountId, payer, List.of(claims)));
    }

    /**
     * A claim given only its amounts: the sandbox balances it with a PR-2 adjustment of the patient's
     * share and a CO-45 adjustment of the rest of charged minus paid.
     */
    public static InsurancePayments.ClaimInput claim(String patientControlNumber, long charged, long paid,
                                                     long patientResponsibility) {
        return new InsurancePayments.ClaimInput(patientControlNumber, null, null, charged, paid, patientResponsibility,
                null, null, null, null, null);
    }

    /** A claim paid in full, without adjustments; optional fields take the sandbox's defaults. */
    public static InsurancePayments.ClaimInput paidClaim(String patientControlNumber, long amount) {
        return new InsurancePayments.ClaimInput(patientControlNumber, null, null, amount, amount, null, null, null,
                null, null, null);
    }
}
