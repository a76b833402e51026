package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.state.DomainException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The {@code received.on_or_after} / {@code received.on_or_before} filter of mail listings. Each
 * bound is an ISO 8601 timestamp (exact) or a date, both inclusive: a date as the lower bound means
 * its first instant, as the upper bound its whole day (UTC), so {@code on_or_before=2026-03-02}
 * includes mail received at 23:59:59.999 that day. Either bound may be absent.
 *
 * @param from the earliest {@code received_at} included, or null for no lower bound
 * @param to the latest {@code received_at} included, or null for no upper bound
 */
public record ReceivedWindow(Instant from, Instant to) {
    public static final String ON_OR_AFTER = "received.on_or_after";
    public static final String ON_OR_BEFORE = "received.on_or_before";

    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern TIMESTAMP =
            Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?");

    public static final ReceivedWindow ALL = new ReceivedWindow(null, null);

    /** Parses the two query values (null when absent); every bad value is a violation of one 400. */
    public static ReceivedWindow parse(String onOrAfter, String onOrBefore) {
        return parse(ON_OR_AFTER, onOrAfter, ON_OR_BEFORE, onOrBefore);
    }

    /**
     * The same rules under other parameter names (the remittance filters {@code received_on_or_after},
     * {@code received_on_or_before}, {@code updated_since}); a name whose value is null is absent.
     */
    public static ReceivedWindow parse(String afterName, String onOrAfter, String beforeName, String onOrBefore) {
        List<String> violations = new ArrayList<>();
        Instant from = null;
        Instant to = null;
        if (onOrAfter != null) {
            from = bound(onOrAfter, false);
            if (from == null) {
                violations.add(message(afterName));
            }
        }
        if (onOrBefore != null) {
            to = bound(onOrBefore, true);
            if (to == null) {
                violations.add(message(beforeName));
            }
        }
        if (!violations.isEmpty()) {
            throw DomainException.invalid(violations);
        }
        return new ReceivedWindow(from, to);
    }

    /** The wording of a bad bound, shared with the OpenAPI parameter's {@code x-message}. */
    public static String message(String parameter) {
        return parameter + " must be an ISO 8601 timestamp or a date (YYYY-MM-DD)";
    }

    public boolean contains(Instant receivedAt) {
        return (from == null || !receivedAt.isBefore(from)) && (to == null || !receivedAt.isAfter(to));
    }

    /** True when no instant can fall in the window (the lower bound is after the upper one). */
    public boolean isEmpty() {
        return from != null && to != null && from.isAfter(to);
    }

    /** The instant a bound stands for, or null when the value is neither a date nor a timestamp. */
    private static Instant bound(String value, boolean upper) {
        try {
            if (DATE.matcher(value).matches()) {
                LocalDate date = LocalDate.parse(value);
                return upper
                        ? date.plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC).minusNanos(1)
                        : date.atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            if (!TIMESTAMP.matcher(value).matches()) {
                return null;
            }
            if (value.endsWith("Z") || value.matches(".*[+-]\\d{2}:\\d{2}$")) {
                return OffsetDateTime.parse(value, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
            }
            // No offset: read as UTC, the zone of every timestamp this API writes.
            return LocalDateTime.parse(value, DateTimeFormatter.ISO_LOCAL_DATE_TIME).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
