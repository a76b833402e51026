package io.bankssandbox.internal.ach;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.ach.InboundAchTransfer;
import java.time.Instant;

/**
 * An inbound ACH transfer arrived ({@code inbound_ach_transfer.created}) or moved: accepted,
 * declined or returned, by hand or by the clock at {@code automatically_resolves_at}.
 */
public record InboundAchTransferMoved(InboundAchTransfer transfer, Instant occurredAt) implements StatusChanged {
    @Override
    public String type() {
        return "inbound_ach_transfer."
                + (InboundAchTransfer.PENDING.equals(transfer.status()) ? "created" : transfer.status());
    }

    @Override
    public String id() {
        return transfer.id();
    }
}
