package io.bankssandbox.internal.externalaccounts;

import java.util.Set;

/**
 * The two-letter codes USPS delivers to: the 50 states, the District of Columbia, the territories
 * and the armed forces' postal regions (AA, AE, AP).
 */
public final class UsStates {
    private static final Set<String> CODES = Set.of(
            "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
            "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND",
            "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
            "DC", "AS", "GU", "MP", "PR", "VI", "UM", "FM", "MH", "PW", "AA", "AE", "AP");

    private UsStates() {}

    public static boolean isCode(String code) {
        return code != null && CODES.contains(code);
    }
}
