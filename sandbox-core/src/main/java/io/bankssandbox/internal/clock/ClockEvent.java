package io.bankssandbox.internal.clock;

/**
 * What a transition did, as {@code POST /_sandbox/clock/advance} reports it: the wire form of a
 * {@link io.bankssandbox.internal.events.StatusChanged} event the transition published.
 */
public record ClockEvent(String type, String id) {}
