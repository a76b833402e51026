package io.bankssandbox.internal.transfers;

import io.bankssandbox.internal.testing.WayIn;

/** {@link AchTransfersTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class AchTransfersOverHttpTest extends AchTransfersTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
