package io.bankssandbox.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The hand-written timestamp format gives exactly what the formatter that defines it gives. */
class JsonTimestampTest {
    private static final DateTimeFormatter DEFINITION =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    @Test
    void matchesTheFormatterOnEdgesAndRandomInstants() {
        String[] edges = {"1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999999999Z", "2026-03-02T15:00:00.001Z",
                "2024-02-29T23:59:59.999Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z",
                "+10000-01-01T00:00:00Z", "0000-12-31T23:59:59Z", "-0001-06-15T12:00:00Z"};
        for (String edge : edges) {
            Instant instant = Instant.parse(edge);
            assertThat(Json.timestamp(instant)).as(edge).isEqualTo(DEFINITION.format(instant));
        }
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 100_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(-70_000_000_000L, 260_000_000_000L),
                    random.nextInt(1_000_000_000));
            assertThat(Json.timestamp(instant)).isEqualTo(DEFINITION.format(instant));
        }
    }
}
