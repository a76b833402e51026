package io.bankssandbox;

/**
 * What the clock did as it moved: a transition that fell due, as {@code POST /_sandbox/clock/advance}
 * reports it ({@code inbound_ach_transfer.accepted}, {@code check_deposit.hold_released} ...) and the
 * id of the record it moved.
 */
public record ClockEvent(String type, String id) {}
