package io.bankssandbox.internal.era;

import io.bankssandbox.internal.ach.InboundAchTransfer;
import io.bankssandbox.internal.ach.InboundAchLifecycle;

import io.bankssandbox.internal.era.Era;
import java.util.ArrayList;
import java.util.List;

/**
 * An insurance payment to simulate ({@code sandbox.insurancePayments().receive(...)}): the account
 * it is paid into, the payer, and its claims.
 *
 * <pre>{@code
 * InsurancePayment.builder().account(accountId).payer("AETNA", "60054")
 *         .claim(Claim.builder().patientControlNumber("PCN-1001").charged(30_00).paid(25_00))
 * }</pre>
 */
public final class InsurancePayment {
    private InsurancePayment() {}

    public static Builder builder() {
        return new Builder();
    }

    /** Collects one payment; {@link #build()} gives the command the sandbox checks. */
    public static final class Builder {
        private String accountId;
        private Era.Party payer;
        private final List<InsurancePayments.ClaimInput> claims = new ArrayList<>();

        private Builder() {}

        /** The account the ACH credit arrives in; its entity (the payee) needs an NPI. */
        public Builder account(String id) {
            this.accountId = id;
            return this;
        }

        /**
         * The payer: its name and its id ({@code 60054}, an EIN, or a 10-character originating company
         * id), from which the TRN's TRN03 is derived.
         */
        public Builder payer(String name, String id) {
            this.payer = new Era.Party(name, id);
            return this;
        }

        public Builder claim(Claim.Builder claim) {
            return claim(claim.build());
        }

        public Builder claim(InsurancePayments.ClaimInput claim) {
            claims.add(claim);
            return this;
        }

        public InsurancePayments.Payment build() {
            return new InsurancePayments.Payment(accountId, payer, List.copyOf(claims));
        }
    }
}
