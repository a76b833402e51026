package io.bankssandbox.internal.lockbox;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A check deposit as {@code GET /v0/check-deposits} shows it: the check as its mail item lists it,
 * plus the account it was deposited into and the mail item it arrived in, and, for a returned check
 * only, {@code deposit_return}.
 */
public record CheckDepositView(String id, long amount, String transactionId, String status, CheckDeposit.Hold hold,
                               CheckDeposit.Micr micr, String accountId, String inboundMailItemId,
                               @JsonInclude(JsonInclude.Include.NON_NULL) CheckDeposit.DepositReturn depositReturn) {

    public static CheckDepositView of(CheckDeposits.Located located) {
        CheckDeposit check = located.check();
        return new CheckDepositView(check.id(), check.amount(), check.transactionId(), check.status(), check.hold(),
                check.micr(), located.item().accountId(), located.item().id(), check.depositReturn());
    }
}
