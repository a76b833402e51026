package io.bankssandbox.internal.cards;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;

/** Spending-limit intervals, declared from the narrowest to the widest: the order is a rule. */
public enum Interval {
    PER_TRANSACTION, PER_DAY, PER_WEEK, PER_MONTH, ALL_TIME;

    /** Read and written with every card: worked out once rather than lower-cased at each use. */
    private static final Interval[] ALL = values();
    private final String wireName = name().toLowerCase(java.util.Locale.ROOT);

    @JsonValue
    public String wireName() {
        return wireName;
    }

    @JsonCreator
    public static Interval fromWire(String value) {
        for (Interval interval : ALL) {
            if (interval.wireName.equals(value)) {
                return interval;
            }
        }
        throw new IllegalArgumentException("unknown interval " + value);
    }

    /**
     * Where the window holding {@code now} began, on the sandbox clock in UTC: per_day at midnight,
     * per_week on Monday 00:00, per_month on the 1st 00:00, all_time never resets ({@link Instant#MIN}).
     * A per_transaction cap has no window: null.
     */
    public Instant windowStart(Instant now) {
        ZonedDateTime midnight = now.atZone(ZoneOffset.UTC).truncatedTo(ChronoUnit.DAYS);
        return switch (this) {
            case PER_TRANSACTION -> null;
            case PER_DAY -> midnight.toInstant();
            case PER_WEEK -> midnight.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).toInstant();
            case PER_MONTH -> midnight.withDayOfMonth(1).toInstant();
            case ALL_TIME -> Instant.MIN;
        };
    }
}
