package io.bankssandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.era.InsurancePaymentView;

/** {@link Sandbox.InsurancePayments} over HTTP: {@code POST /_sandbox/insurance-payments}. */
final class RemoteInsurancePayments implements Sandbox.InsurancePayments {
    private final ControlApi api;

    RemoteInsurancePayments(ControlApi api) {
        this.api = api;
    }

    @Override
    public InsurancePayment.Received receive(InsurancePayment payment) {
        JsonNode answer = api.post("/_sandbox/insurance-payments", payment.command());
        // the answer's shape says how the money came: a mail item for a check, else the ACH credit
        Class<? extends InsurancePaymentView> how = answer.has("mail_item") ? InsurancePaymentView.ByCheck.class
                : InsurancePaymentView.ByAch.class;
        return Values.received(api.decode(answer, how));
    }
}
