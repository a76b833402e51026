package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.state.DomainException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
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

    /** Reads the two query values (null when absent), which their schema has checked. */
    public static ReceivedWindow parse(String onOrAfter, String onOrBefore) {
        return parse(ON_OR_AFTER, onOrAfter, ON_OR_BEFORE, onOrBefore);
    }

    /**
     * The same under other parameter names (the remittance filters {@code received_on_or_after},
     * {@code received_on_or_before}, {@code updated_since}); a name whose value is null is absent. What a
     * bound may be is the query parameter's schema ({@code DateOrTimestamp} in the OpenAPI document): a
     * value it refuses never reaches here.
     */
    public static ReceivedWindow parse(String afterName, String onOrAfter, String beforeName, String onOrBefore) {
        return new ReceivedWindow(read(afterName, onOrAfter, false), read(beforeName, onOrBefore, true));
    }

    private static Instant read(String name, String value, boolean upper) {
        if (value == null) {
            return null;
        }
        Instant bound = bound(value, upper);
        if (bound == null) {
            throw DomainException.unreadable(name, value);
        }
        return bound;
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
