package io.bankssandbox.internal.standalone;

import io.bankssandbox.ClockMode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.function.Function;
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

    /** An ISO 8601 value, refused with an example of the form it wants. */
    private abstract static class Iso8601Converter<T> implements CommandLine.ITypeConverter<T> {
        private final Function<String, T> parse;
        private final String example;

        Iso8601Converter(Function<String, T> parse, String example) {
            this.parse = parse;
            this.example = example;
        }

        @Override
        public T convert(String value) {
            try {
                return parse.apply(value);
            } catch (DateTimeParseException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not an ISO 8601 " + example);
            }
        }
    }

    static final class DurationConverter extends Iso8601Converter<Duration> {
        DurationConverter() {
            super(Duration::parse, "duration such as PT30M or PT10S");
        }
    }

    static final class InstantConverter extends Iso8601Converter<Instant> {
        InstantConverter() {
            super(Instant::parse, "instant such as 2026-01-15T09:00:00Z");
        }
    }
}
