package io.bankssandbox.internal.era;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.entities.EntityDirectory;
import io.bankssandbox.internal.lockbox.ReceivedWindow;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.Page;
import io.bankssandbox.internal.state.SandboxState;
import io.bankssandbox.internal.state.SortKey;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Remittances: the vendor's listing of ERAs, one per ERA. A remittance's id is its ERA's id under the
 * {@code remittance_} prefix ({@code era_X} is {@code remittance_X}), so both name the same record and
 * nothing more needs storing.
 */
public final class Remittances {
    public static final String PREFIX = "remittance_";
    private static final String ERA_PREFIX = "era_";

    private Remittances() {}

    /**
     * The listing's filters; null fields filter nothing. {@code payer} matches a substring of the payer's
     * name, any case. An ERA still on its way ({@code era_delay}) is in no listing.
     */
    public record Filter(Instant updatedSince, ReceivedWindow received, String payer) {
        boolean test(Era era) {
            return era.isReceived() && (updatedSince == null || !era.updatedAt().isBefore(updatedSince))
                    && (received == null || received.contains(era.receivedAt()))
                    && (payer == null || era.payer().name().toLowerCase(Locale.ROOT).contains(payer.toLowerCase(Locale.ROOT)));
        }
    }

    public static String idOf(Era era) {
        return PREFIX + era.id().substring(ERA_PREFIX.length());
    }

    /** A page of an entity's remittances passing the filter, newest {@code received_at} first. */
    public static Page<Era> list(SandboxState state, Caller caller, String entityId, Filter filter, SortKey after,
                                 int limit) {
        EntityDirectory.get(state, caller, entityId);
        if (filter.received() != null && filter.received().isEmpty()) {
            return new Page<>(List.of(), false, null);
        }
        Predicate<Era> passes = filter::test;
        return state.table(Era.TABLE).page(List.of(entityId), passes, after, limit);
    }

    /** What the 835 of a remittance is written from: its ERA, and for an ACH payment, where the money went. */
    public record Advice(Era era, EraDeposit deposit) {}

    /** The advice behind a remittance id, or not found as {@link #get}. */
    public static Advice advice(SandboxState state, Caller caller, String remittanceId) {
        Era era = get(state, caller, remittanceId);
        return new Advice(era, EraDeposit.of(state, era));
    }

    /** The ERA behind a remittance id, or not found when unknown, still on its way, or of an entity the caller cannot see. */
    public static Era get(SandboxState state, Caller caller, String remittanceId) {
        Era era = remittanceId.startsWith(PREFIX)
                ? state.table(Era.TABLE).get(ERA_PREFIX + remittanceId.substring(PREFIX.length())) : null;
        if (era == null || !era.isReceived() || !caller.canSee(era.entityId())) {
            throw DomainException.notFound("Remittance", remittanceId);
        }
        return era;
    }
}
