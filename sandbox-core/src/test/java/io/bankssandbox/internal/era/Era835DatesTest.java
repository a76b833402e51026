package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The 835's dates are written digit by digit for years 1 to 9999 (a formatter's classes cost a
 * fresh JVM's first 835 about a hundred), and by the formatter outside them: either way the text is
 * the one {@code DateTimeFormatter} writes, on every side of both bounds.
 */
class Era835DatesTest {
    private static final DateTimeFormatter CCYYMMDD = DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter YYMMDD = DateTimeFormatter.ofPattern("yyMMdd").withZone(ZoneOffset.UTC);

    private static final List<Instant> DAYS = List.of(-5, 0, 1, 2, 1970, 2026, 9998, 9999, 10_000, 123_456).stream()
            .flatMap(year -> List.of(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31)).stream())
            .map(day -> day.atTime(23, 59, 59).toInstant(ZoneOffset.UTC))
            .toList();

    @Test
    void ccyymmddIsWhatTheFormatterWritesForEveryYear() {
        for (Instant day : DAYS) {
            assertThat(Era835.ccyymmdd(day)).as(day.toString()).isEqualTo(CCYYMMDD.format(day));
        }
    }

    @Test
    void yymmddIsWhatTheFormatterWritesForEveryYear() {
        for (Instant day : DAYS) {
            assertThat(Era835.yymmdd(day)).as(day.toString()).isEqualTo(YYMMDD.format(day));
        }
    }
}
