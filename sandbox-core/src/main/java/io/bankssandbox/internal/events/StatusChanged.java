package io.bankssandbox.internal.events;

/**
 * A record came to be or moved to a new status: {@code type} names the move as the sandbox's wire
 * does ({@code inbound_ach_transfer.accepted}, {@code check_deposit.hold_released}), {@code id} the
 * record. The clock's advance reports the moves its transitions made, from these events.
 */
public interface StatusChanged extends DomainEvent {
    String type();

    String id();
}
