package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.events.DomainEvent;
import io.bankssandbox.internal.events.StatusChanged;

import io.bankssandbox.internal.lockbox.CheckDeposit;
import java.time.Instant;

/**
 * A check deposit moved: {@code check_deposit.submitted} (a pending one deposited),
 * {@code .returned} (by the paying bank), {@code .hold_released} (its amount became available).
 */
public record CheckDepositMoved(CheckDeposit check, String accountId, String type, Instant occurredAt)
        implements StatusChanged {
    @Override
    public String id() {
        return check.id();
    }
}
