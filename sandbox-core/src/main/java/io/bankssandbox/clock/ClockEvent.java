package io.bankssandbox.clock;

/** What a transition did, as reported by {@code POST /_sandbox/clock/advance}. */
public record ClockEvent(String type, String id) {}
