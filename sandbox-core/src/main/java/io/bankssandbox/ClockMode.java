package io.bankssandbox;

/**
 * How a sandbox's clock moves. {@link #FROZEN}: only when a test advances it (the default for tests:
 * nothing happens behind a test's back). {@link #RUNNING}: with the wall clock from its start, plus
 * every advance (the standalone sandbox's default).
 */
public enum ClockMode {
    FROZEN, RUNNING
}
