package io.bankssandbox.internal.era;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * An ERA as the API shows it: without the sandbox's bookkeeping (entity, received and updated times,
 * what a delayed half waits for); {@code provider_adjustments} only when the payer made any.
 */
public record EraView(
        String id,
        String transactionId,
        Era.Party payer,
        Era.Payee payee,
        Era.Payment payment,
        List<Era.Claim> claims,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Era.ProviderAdjustment> providerAdjustments) {

    /** An answer leaves an empty {@code provider_adjustments} out: read back, that is none. */
    public EraView {
        providerAdjustments = providerAdjustments == null ? List.of() : providerAdjustments;
    }

    public static EraView of(Era era) {
        return new EraView(era.id(), era.transactionId(), era.payer(), era.payee(), era.payment(), era.claims(),
                era.providerAdjustments());
    }
}
