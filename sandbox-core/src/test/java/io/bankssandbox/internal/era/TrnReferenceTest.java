package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How an ACH credit's addenda name the ERA it pays: TRN02 of the first TRN segment that has one. */
class TrnReferenceTest {

    @Test
    void theReferenceIsTrn02WithOrWithoutTrn03AndTheSegmentTerminator() {
        assertThat(EraDirectory.trnReference(List.of("TRN*1*100231*1066033492~"))).isEqualTo("100231");
        assertThat(EraDirectory.trnReference(List.of("TRN*1*100231"))).isEqualTo("100231");
        assertThat(EraDirectory.trnReference(List.of("TRN*1*100231~"))).isEqualTo("100231");
        assertThat(EraDirectory.trnReference(List.of("  TRN*1*100231*1066033492~  "))).isEqualTo("100231");
    }

    @Test
    void theFirstTrnWithAReferenceWinsAndOtherLinesAreSkipped() {
        assertThat(EraDirectory.trnReference(List.of("REF*EV*ABC~", "TRN*1**1066033492~", "TRN*1~", "TRN*1*555~",
                "TRN*1*666~"))).isEqualTo("555");
        assertThat(EraDirectory.trnReference(List.of("XTRN*1*555~", "trn*1*555~", "REF*TRN*555~"))).isNull();
    }

    @Test
    void noAddendaOrNoTrnSegmentNamesNoEra() {
        assertThat(EraDirectory.trnReference(null)).isNull();
        assertThat(EraDirectory.trnReference(List.of())).isNull();
        assertThat(EraDirectory.trnReference(Arrays.asList("TRN", "TRN*1", "TRN*1*~"))).isNull();
    }
}
