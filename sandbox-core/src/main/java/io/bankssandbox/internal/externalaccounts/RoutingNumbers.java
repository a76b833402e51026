package io.bankssandbox.internal.externalaccounts;

/**
 * ABA routing transit numbers: nine digits whose last is a check digit, so that
 * 3(d1 + d4 + d7) + 7(d2 + d5 + d8) + (d3 + d6 + d9) is a multiple of 10.
 */
public final class RoutingNumbers {
    private static final int[] WEIGHTS = {3, 7, 1, 3, 7, 1, 3, 7, 1};

    private RoutingNumbers() {}

    /** True for nine digits that pass the checksum. */
    public static boolean isValid(String routingNumber) {
        if (routingNumber == null || routingNumber.length() != 9 || !asciiDigits(routingNumber)) {
            return false;
        }
        return weightedSum(routingNumber, 9) % 10 == 0;
    }

    /** Eight digits followed by the check digit that makes them a valid routing number. */
    public static String withCheckDigit(String eightDigits) {
        if (eightDigits.length() != 8 || !asciiDigits(eightDigits)) {
            throw new IllegalArgumentException("expected 8 digits: " + eightDigits);
        }
        return eightDigits + (10 - weightedSum(eightDigits, 8) % 10) % 10;
    }

    private static boolean asciiDigits(String text) {
        return text.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static int weightedSum(String digits, int count) {
        int sum = 0;
        for (int i = 0; i < count; i++) {
            sum += (digits.charAt(i) - '0') * WEIGHTS[i];
        }
        return sum;
    }
}
