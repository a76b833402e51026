package io.bankssandbox.internal.entities;

import io.bankssandbox.internal.state.Luhn;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The NPI's check digit, which JSON Schema cannot state: the tenth digit is the Luhn check digit of
 * the first nine prefixed with {@code 80840} (the card issuer prefix the NPI standard borrows), so
 * {@code 1234567893} is an NPI and {@code 1234567890} is not. Healthcare software validates it; every
 * NPI the sandbox keeps passes it (fixtures, imported state, onboarding). The {@code /v0} API's
 * pattern stays the vendor's: ten digits.
 */
public final class NpiCheckDigit {
    private static final String PREFIX = "80840";
    private static final Pattern TEN_DIGITS = Pattern.compile("\\d{10}");

    private NpiCheckDigit() {}

    /** Whether {@code npi} is ten digits whose last is the check digit of the first nine. */
    public static boolean isValid(String npi) {
        return npi != null && TEN_DIGITS.matcher(npi).matches() && npi.charAt(9) == checkDigit(npi.substring(0, 9));
    }

    /** The check digit of an NPI's first nine digits. */
    public static char checkDigit(String firstNine) {
        return Luhn.checkDigit(PREFIX + firstNine);
    }

    /**
     * What is wrong with {@code npi} (named {@code field}) beyond its shape: nothing for null, for a value
     * that is not ten digits (the schema names that) and for a valid NPI; else the one sentence naming
     * the check digit.
     */
    public static List<String> violations(String field, String npi) {
        if (npi == null || !TEN_DIGITS.matcher(npi).matches() || isValid(npi)) {
            return List.of();
        }
        return List.of(field + " must be a valid NPI: " + npi + " fails the NPI check digit (Luhn over 80840 and its first"
                + " nine digits gives " + checkDigit(npi.substring(0, 9)) + ", not " + npi.charAt(9) + ")");
    }
}
