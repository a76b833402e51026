package io.bankssandbox.internal.standalone;

import io.bankssandbox.ClockMode;
import java.time.Duration;
import java.time.Instant;
import picocli.CommandLine;

/** The options' values that picocli has no converter for, each refused in words a user can act on. */
final class ValueConverters {
    private ValueConverters() {}

    static final class ClockModeConverter implements CommandLine.ITypeConverter<ClockMode> {
        @Override
        public ClockMode convert(String value) {
            try {
                return ClockMode.valueOf(value.toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException("must be frozen or running, not '" + value + "'");
            }
        }
    }

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Duration.parse(value);
            } catch (java.time.format.DateTimeParseException e) {
                throw new CommandLine.TypeConversionException("'" + value
                        + "' is not an ISO 8601 duration such as PT30M or PT10S");
            }
        }
    }

    static final class InstantConverter implements CommandLine.ITypeConverter<Instant> {
        @Override
        public Instant convert(String value) {
            try {
                return Instant.parse(value);
            } catch (java.time.format.DateTimeParseException e) {
                throw new CommandLine.TypeConversionException("'" + value
                        + "' is not an ISO 8601 instant such as 2026-01-15T09:00:00Z");
            }
        }
    }
}
