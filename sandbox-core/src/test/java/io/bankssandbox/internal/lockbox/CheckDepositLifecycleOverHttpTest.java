package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.testing.WayIn;

/** {@link CheckDepositLifecycleTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class CheckDepositLifecycleOverHttpTest extends CheckDepositLifecycleTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
