package io.bankssandbox.internal.events;

import java.time.Instant;

/**
 * Something a user could observe happened in the domain: a transaction posted, a transfer moved, an
 * entity was connected to a key. Domain code publishes events into the state it is changing
 * ({@code state.events.publish(...)}); the {@link DomainEvents} bus hands them to subscribers once
 * the write that produced them has committed. Webhooks, the clock's event list and durability are
 * views of this one stream.
 */
public interface DomainEvent {
    /** When it happened on the sandbox clock (a transition applied late happens at its due time). */
    Instant occurredAt();
}
