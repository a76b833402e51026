package io.bankssandbox.internal.lockbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.internal.state.DomainException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ReceivedWindowTest {

    @Test
    void dateAsLowerBoundIsItsFirstInstant() {
        ReceivedWindow window = ReceivedWindow.parse("2026-02-10", null);
        assertThat(window.from()).isEqualTo(Instant.parse("2026-02-10T00:00:00Z"));
        assertThat(window.to()).isNull();
        assertThat(window.contains(Instant.parse("2026-02-10T00:00:00Z"))).isTrue();
        assertThat(window.contains(Instant.parse("2026-02-09T23:59:59.999Z"))).isFalse();
    }

    @Test
    void dateAsUpperBoundIncludesItsWholeUtcDay() {
        ReceivedWindow window = ReceivedWindow.parse(null, "2026-02-10");
        assertThat(window.contains(Instant.parse("2026-02-10T23:59:59.999999999Z"))).isTrue();
        assertThat(window.contains(Instant.parse("2026-02-11T00:00:00Z"))).isFalse();
    }

    @Test
    void timestampBoundsAreExactAndInclusive() {
        ReceivedWindow window = ReceivedWindow.parse("2026-02-10T12:00:00Z", "2026-02-10T12:00:00.000Z");
        assertThat(window.contains(Instant.parse("2026-02-10T12:00:00Z"))).isTrue();
        assertThat(window.contains(Instant.parse("2026-02-10T12:00:00.001Z"))).isFalse();
        assertThat(window.contains(Instant.parse("2026-02-10T11:59:59.999Z"))).isFalse();
    }

    @Test
    void offsetsAreHonouredAndTimestampsWithoutOneAreUtc() {
        assertThat(ReceivedWindow.parse("2026-02-10T07:00:00-05:00", null).from())
                .isEqualTo(Instant.parse("2026-02-10T12:00:00Z"));
        assertThat(ReceivedWindow.parse("2026-02-10T12:00", null).from()).isEqualTo(Instant.parse("2026-02-10T12:00:00Z"));
    }

    @Test
    void noBoundsContainEverything() {
        ReceivedWindow window = ReceivedWindow.parse(null, null);
        assertThat(window).isEqualTo(ReceivedWindow.ALL);
        assertThat(window.contains(Instant.parse("1970-01-01T00:00:00Z"))).isTrue();
        assertThat(window.isEmpty()).isFalse();
    }

    @Test
    void crossedBoundsAreEmpty() {
        assertThat(ReceivedWindow.parse("2026-02-11", "2026-02-10").isEmpty()).isTrue();
    }

    /** What a bound may be is the parameters' schema, DateOrTimestamp: exactly what the window can read. */
    @Test
    void theSchemaRefusesEveryBoundTheWindowCannotReadAndAdmitsEveryOneItCan() {
        for (String bad : new String[] {"", "noon", "2026-02-30", "2025-02-29", "2026-02-10T", "2026-02-10 12:00:00Z",
                "2026-02-10T24:00:00Z", "2026-02-10T12:60", "2026-02-10T12:00:00+19:00", "20260210"}) {
            assertThat(boundViolations(bad)).as(bad)
                    .containsExactly("received.on_or_after must be an ISO 8601 timestamp or a date (YYYY-MM-DD)");
            assertThatThrownBy(() -> ReceivedWindow.parse(bad, null)).as(bad).isInstanceOfSatisfying(DomainException.class,
                    e -> assertThat(e.kind()).isEqualTo(DomainException.Kind.INVALID));
        }
        for (String good : new String[] {"2026-02-10", "2024-02-29", "2000-02-29", "2026-02-10T12:00", "2026-02-10T12:00:59",
                "2026-02-10T12:00:00.123456789Z", "2026-02-10T12:00:00+18:00", "2026-02-10T23:59-05:30"}) {
            assertThat(boundViolations(good)).as(good).isEmpty();
            assertThat(ReceivedWindow.parse(good, good).isEmpty()).as(good).isFalse();
        }
    }

    private static java.util.List<String> boundViolations(String value) {
        return io.bankssandbox.internal.openapi.Contracts.openApiValidator().validate(
                "#/components/schemas/DateOrTimestamp", com.fasterxml.jackson.databind.node.TextNode.valueOf(value),
                ReceivedWindow.ON_OR_AFTER);
    }
}
