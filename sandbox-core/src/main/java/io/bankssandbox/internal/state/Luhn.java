package io.bankssandbox.internal.state;

/**
 * The Luhn check digit (ISO/IEC 7812) that card numbers and NPIs carry: from the right, every second
 * digit is doubled (less 9 when that makes two digits), and the sum of all is a multiple of 10. One
 * implementation, so that the cards' numbers and the entities' NPIs cannot disagree on it.
 */
public final class Luhn {
    private Luhn() {}

    /** Whether {@code number} (ASCII digits), its last digit the check digit, passes. */
    public static boolean isValid(String number) {
        return weightedSum(number, false) % 10 == 0;
    }

    /** The digit that makes {@code payload} followed by it pass. */
    public static char checkDigit(String payload) {
        // the payload's rightmost digit is doubled: the check digit will stand to its right
        return (char) ('0' + (10 - weightedSum(payload, true) % 10) % 10);
    }

    private static int weightedSum(String digits, boolean rightmostDoubled) {
        int sum = 0;
        boolean doubled = rightmostDoubled;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int digit = digits.charAt(i) - '0';
            if (doubled) {
                digit *= 2;
                if (digit > 9) {
                    digit -= 9;
                }
            }
            sum += digit;
            doubled = !doubled;
        }
        return sum;
    }
}
