package io.bankssandbox;

import io.bankssandbox.internal.testing.WayIn;

/** {@link HandleWaitsTest} through {@code Sandbox.connect}: the waits poll the control API with the same deadlines. */
class HandleWaitsOverHttpTest extends HandleWaitsTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
