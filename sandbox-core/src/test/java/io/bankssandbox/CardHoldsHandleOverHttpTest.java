package io.bankssandbox;

import io.bankssandbox.internal.testing.WayIn;

/** {@link CardHoldsHandleTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class CardHoldsHandleOverHttpTest extends CardHoldsHandleTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
