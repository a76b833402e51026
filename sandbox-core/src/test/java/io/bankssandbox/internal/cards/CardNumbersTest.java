package io.bankssandbox.internal.cards;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.internal.state.Luhn;
import org.junit.jupiter.api.Test;

/** The numbers the sandbox makes for its cards (the Luhn check itself: LuhnTest). */
class CardNumbersTest {

    @Test
    void aCardsNumberIsSixteenLuhnValidDigitsOnTheTestBinEndingInItsLastFour() {
        java.util.Set<Character> checkDigits = new java.util.TreeSet<>();
        for (int i = 0; i < 60; i++) {
            String cardId = "card_" + Integer.toString(i * 7919, 36);
            String last4 = CardNumbers.last4For(cardId);
            assertThat(last4).matches("\\d{4}");
            String pan = CardNumbers.pan(cardId, last4);
            assertThat(pan).as(cardId).matches("400000\\d{6}" + last4);
            assertThat(Luhn.isValid(pan)).as(pan).isTrue();
            assertThat(CardNumbers.pan(cardId, last4)).as("the same card always shows the same number").isEqualTo(pan);
            assertThat(CardNumbers.last4For(cardId)).isEqualTo(last4);
            checkDigits.add(pan.charAt(11));
        }
        // the free digit takes every value: none of 0 to 9 is skipped when the number needs it
        assertThat(checkDigits).containsExactly('0', '1', '2', '3', '4', '5', '6', '7', '8', '9');
    }

    @Test
    void aCardIdGivesTheSameNumberInEveryRunAndEveryVersion() {
        // a replayed scenario (same seed, same ids) gets the same last 4, and a saved state's card
        // details page the same number, after an upgrade
        assertThat(CardNumbers.last4For("card_00000001abcdefghijkl")).isEqualTo("4539");
        assertThat(CardNumbers.pan("card_00000001abcdefghijkl", "4242")).isEqualTo("4000006144714242");
    }
}
