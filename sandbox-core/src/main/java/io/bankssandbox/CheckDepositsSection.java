package io.bankssandbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.lockbox.CheckDepositView;
import io.bankssandbox.internal.lockbox.CheckDeposits;
import io.bankssandbox.internal.lockbox.LiveLockboxFeature;

/** {@link Sandbox.CheckDeposits}: the check deposit moves of the control API and the read of /v0. */
final class CheckDepositsSection implements Sandbox.CheckDeposits {
    private final Operator operator;

    CheckDepositsSection(Operator operator) {
        this.operator = operator;
    }

    @Override
    public CheckDeposit get(String checkDepositId) {
        return operator.call(() -> Values.checkDeposit(CheckDepositView.of(operator.runtime().state().read(state ->
                CheckDeposits.get(state, Caller.OPERATOR, checkDepositId)))));
    }

    @Override
    public CheckDeposit submit(String checkDepositId) {
        return operator.call(() -> Values.checkDeposit(operator.feature(LiveLockboxFeature.class)
                .submit(Caller.OPERATOR, checkDepositId)));
    }

    @Override
    public CheckDeposit returnDeposit(String checkDepositId, String reason) {
        operator.check("POST", "/_sandbox/check-deposits/{check_deposit_id}/return", Values.reason(reason));
        return operator.call(() -> Values.checkDeposit(operator.feature(LiveLockboxFeature.class)
                .returnDeposit(Caller.OPERATOR, checkDepositId, reason)));
    }
}
