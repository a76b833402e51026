package io.bankssandbox.internal.cards;

import io.bankssandbox.internal.state.Luhn;
import java.util.SplittableRandom;

/**
 * Test card numbers: 16 digits, Luhn-valid, ending in the card's {@code last_4}, derived from the
 * card id so that the same card always shows the same number. The API never exposes them; the card
 * details page does.
 */
public final class CardNumbers {
    private static final String BIN = "400000";

    private CardNumbers() {}

    /** Four digits for a new card, drawn from the card id. */
    public static String last4For(String cardId) {
        SplittableRandom random = new SplittableRandom(cardId.hashCode() * 31L + 7);
        // zero-padded by hand: String.format was a fourteenth of a card's creation
        int n = random.nextInt(10_000);
        // interned: a card keeps its last four as long as it lives, a sandbox may hold hundreds of
        // thousands of cards, and there are 10,000 values to share. The JVM's table rather than a memo
        // of ours: no state of this class outlives a call, so a test of the digits sees them made
        return new String(new char[] {(char) ('0' + n / 1000), (char) ('0' + n / 100 % 10), (char) ('0' + n / 10 % 10),
                (char) ('0' + n % 10)}).intern();
    }

    public static String pan(String cardId, String last4) {
        SplittableRandom random = new SplittableRandom(cardId.hashCode());
        char[] digits = new char[16];
        BIN.getChars(0, 6, digits, 0);
        for (int i = 6; i < 12; i++) {
            digits[i] = (char) ('0' + random.nextInt(10));
        }
        last4.getChars(0, 4, digits, 12);
        // digit 11 is free: choose it so that the whole number passes the Luhn check
        for (char candidate = '0'; candidate <= '9'; candidate++) {
            digits[11] = candidate;
            if (Luhn.isValid(new String(digits))) {
                break;
            }
        }
        return new String(digits);
    }
}
