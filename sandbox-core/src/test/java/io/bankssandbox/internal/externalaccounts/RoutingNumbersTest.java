package io.bankssandbox.internal.externalaccounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RoutingNumbersTest {

    @Test
    void realRoutingNumbersPassTheChecksum() {
        for (String valid : new String[] {"021000021", "011000015", "121000358", "026009593", "084106768", "091000019"}) {
            assertThat(RoutingNumbers.isValid(valid)).as(valid).isTrue();
        }
    }

    @Test
    void oneWrongDigitFailsTheChecksum() {
        assertThat(RoutingNumbers.isValid("021000022")).isFalse();
        assertThat(RoutingNumbers.isValid("121000359")).isFalse();
        assertThat(RoutingNumbers.isValid("123456789")).isFalse();
    }

    @Test
    void anythingButNineDigitsIsInvalid() {
        assertThat(RoutingNumbers.isValid(null)).isFalse();
        assertThat(RoutingNumbers.isValid("02100002")).isFalse();
        assertThat(RoutingNumbers.isValid("0210000210")).isFalse();
        assertThat(RoutingNumbers.isValid("02100002a")).isFalse();
        assertThat(RoutingNumbers.isValid("０２１０００００２１")).isFalse();
    }

    @Test
    void checkDigitCompletesEightDigitsIntoAValidNumber() {
        assertThat(RoutingNumbers.withCheckDigit("02100002")).isEqualTo("021000021");
        for (int i = 0; i < 1000; i++) {
            String prefix = String.format("%08d", i * 99_991L % 100_000_000L);
            assertThat(RoutingNumbers.isValid(RoutingNumbers.withCheckDigit(prefix))).as(prefix).isTrue();
        }
        assertThatThrownBy(() -> RoutingNumbers.withCheckDigit("0210000")).isInstanceOf(IllegalArgumentException.class);
    }

    /** The codes are the document's ({@code UsStateCode}), which requests and fixture rows both meet. */
    @Test
    void statesTerritoriesAndDcAreUsCodesButOthersAreNot() {
        for (String code : new String[] {"CA", "NY", "DC", "PR", "GU", "VI", "AS", "MP", "WY", "AE"}) {
            assertThat(stateCodeViolations(code)).as(code).isEmpty();
        }
        for (String code : new String[] {"ZZ", "ca", "XX", "ON", "BC", "", "CAL"}) {
            assertThat(stateCodeViolations(code)).as(code)
                    .containsExactly("state must be a two-letter US state or territory code, such as CA");
        }
    }

    private static java.util.List<String> stateCodeViolations(String code) {
        return io.bankssandbox.internal.openapi.Contracts.openApiValidator().validate("#/components/schemas/UsStateCode",
                com.fasterxml.jackson.databind.node.TextNode.valueOf(code), "state");
    }
}
