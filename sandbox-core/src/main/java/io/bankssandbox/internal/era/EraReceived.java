package io.bankssandbox.internal.era;

import io.bankssandbox.internal.events.StatusChanged;
import java.time.Instant;

/**
 * An ERA sent with an {@code era_delay} reached the practice ({@code era.received}): the clock passed
 * the time it was due, and from now on the remittance listing and the transaction's ERA route show it.
 * The clock's advance reports it, as it reports the moves of transfers and holds.
 */
public record EraReceived(Era era, Instant occurredAt) implements StatusChanged {
    @Override
    public String type() {
        return "era.received";
    }

    @Override
    public String id() {
        return era.id();
    }
}
