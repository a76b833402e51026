package io.bankssandbox.internal.clock;

import io.bankssandbox.internal.testing.WayIn;

/** {@link TimeMachineTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class TimeMachineOverHttpTest extends TimeMachineTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
