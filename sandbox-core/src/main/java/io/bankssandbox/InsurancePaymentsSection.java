package io.bankssandbox;

import io.bankssandbox.internal.era.EraFeature;
import io.bankssandbox.internal.era.InsurancePayments;

/** {@link Sandbox.InsurancePayments}: the insurance payment simulation of the control API. */
final class InsurancePaymentsSection implements Sandbox.InsurancePayments {
    private final Operator operator;

    InsurancePaymentsSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public InsurancePayment.Received receive(InsurancePayment payment) {
        InsurancePayments.Payment command = payment.command();
        operator.check("POST", "/_sandbox/insurance-payments", command);
        return operator.call(() -> Values.received(operator.feature(EraFeature.class).receive(command)));
    }
}
