package io.bankssandbox.internal.era;

import java.util.List;

/** An ERA as the API shows it: without the sandbox's bookkeeping (entity, received and updated times). */
public record EraView(
        String id,
        String transactionId,
        Era.Party payer,
        Era.Payee payee,
        Era.Payment payment,
        List<Era.Claim> claims) {

    public static EraView of(Era era) {
        return new EraView(era.id(), era.transactionId(), era.payer(), era.payee(), era.payment(), era.claims());
    }
}
