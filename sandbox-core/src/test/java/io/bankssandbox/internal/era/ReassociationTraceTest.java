package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReassociationTraceTest {

    @Test
    void aPayerIdThatIsAlreadyAnOriginatingCompanyIdIsKept() {
        assertThat(ReassociationTrace.originatingCompanyId("1066033492")).isEqualTo("1066033492");
        assertThat(ReassociationTrace.originatingCompanyId("3123456789")).isEqualTo("3123456789");
        assertThat(ReassociationTrace.originatingCompanyId("9000060054")).isEqualTo("9000060054");
    }

    @Test
    void aNineDigitPayerIdIsAnEinAndGetsTheEinDesignator() {
        assertThat(ReassociationTrace.originatingCompanyId("940360524")).isEqualTo("1940360524");
    }

    @Test
    void aShorterPayerIdIsAPayerAssignedNumberPaddedToNineCharacters() {
        assertThat(ReassociationTrace.originatingCompanyId("87726")).isEqualTo("9000087726");
        assertThat(ReassociationTrace.originatingCompanyId("SX123")).isEqualTo("90000SX123");
    }

    @Test
    void anyOtherPayerIdGetsTenCharactersDerivedFromIt() {
        String derived = ReassociationTrace.originatingCompanyId("PAYER-ID-LONGER-THAN-TEN");
        assertThat(derived).matches("9\\d{9}").isEqualTo(ReassociationTrace.originatingCompanyId("PAYER-ID-LONGER-THAN-TEN"));
        assertThat(ReassociationTrace.originatingCompanyId("10660334921")).matches("9\\d{9}");
    }

    @Test
    void theAddendaLineIsTheTrnSegment() {
        assertThat(ReassociationTrace.of("883100027", "87726").addendaLine()).isEqualTo("TRN*1*883100027*9000087726~");
    }
}
