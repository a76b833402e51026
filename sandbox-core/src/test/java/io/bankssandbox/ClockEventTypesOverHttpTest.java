package io.bankssandbox;

import io.bankssandbox.internal.testing.WayIn;

/** {@link ClockEventTypesTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class ClockEventTypesOverHttpTest extends ClockEventTypesTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
