package io.bankssandbox.internal.era;

import java.util.Map;

/** Descriptions of common claim adjustment reason codes, for adjustments sent without one. */
public final class ClaimAdjustmentReasons {
    public static final String DEDUCTIBLE = "1";
    public static final String COINSURANCE = "2";
    public static final String FEE_SCHEDULE = "45";

    private static final Map<String, String> DESCRIPTIONS = Map.of(
            DEDUCTIBLE, "Deductible amount",
            COINSURANCE, "Coinsurance amount",
            "3", "Co-payment amount",
            FEE_SCHEDULE, "Charge exceeds fee schedule/maximum allowable",
            "50", "Non-covered service: not deemed a medical necessity",
            "96", "Non-covered charge(s)",
            "97", "Payment is included in the allowance for another service",
            "253", "Sequestration - reduction in federal payment");

    private ClaimAdjustmentReasons() {}

    public static String describe(String reasonCode) {
        return DESCRIPTIONS.getOrDefault(reasonCode, "Claim adjustment reason code " + reasonCode);
    }
}
