package io.bankssandbox.internal.control;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The import limit named in a 413 as people write sizes: whole units where they are whole, one decimal else. */
class ImportLimitWordsTest {

    @ParameterizedTest(name = "{0} bytes: {1}")
    @CsvSource({
            "0, 0 bytes",
            "12, 12 bytes",
            "1023, 1023 bytes",
            "1024, 1 KiB",
            "1536, 1.5 KiB",
            "307200, 300 KiB",
            "1048575, 1024.0 KiB",
            "1048576, 1 MiB",
            "268435456, 256 MiB",
            "1610612736, 1.5 GiB",
            "1099511627776, 1 TiB",
            "2251799813685248, 2048 TiB",
    })
    void aByteCountIsWrittenInTheLargestUnitItReaches(long bytes, String written) {
        assertThat(ControlFeature.sizeOf(bytes)).isEqualTo(written);
    }
}
