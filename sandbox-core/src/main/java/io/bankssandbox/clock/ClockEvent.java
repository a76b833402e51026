package io.bankssandbox.clock;

/**
 * What a transition did, as {@code POST /_sandbox/clock/advance} reports it: the wire form of a
 * {@link io.bankssandbox.events.StatusChanged} event the transition published.
 */
public record ClockEvent(String type, String id) {}
