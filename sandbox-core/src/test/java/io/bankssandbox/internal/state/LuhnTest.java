package io.bankssandbox.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Luhn check on published numbers (test cards, the NPI standard's example under 80840), and its check digit. */
class LuhnTest {

    @ParameterizedTest
    @ValueSource(strings = {"4111111111111111", "4242424242424242", "5555555555554444", "378282246310005",
            "6011111111111117", "79927398713", "808401234567893", "0", "18", "59", "91"})
    void publishedValidNumbersPassAndEndInTheCheckDigitOfTheRest(String number) {
        assertThat(Luhn.isValid(number)).isTrue();
        assertThat(Luhn.checkDigit(number.substring(0, number.length() - 1))).isEqualTo(number.charAt(number.length() - 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"4111111111111112", "4242424242424241", "5555555555554440", "378282246310006",
            "79927398710", "79927398711", "79927398712", "79927398714", "808401234567890", "1", "19", "58", "95"})
    void numbersOffByOneDigitFail(String number) {
        assertThat(Luhn.isValid(number)).isFalse();
    }
}
