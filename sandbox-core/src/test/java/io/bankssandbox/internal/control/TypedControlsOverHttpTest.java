package io.bankssandbox.internal.control;

import io.bankssandbox.internal.testing.WayIn;

/** {@link TypedControlsTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class TypedControlsOverHttpTest extends TypedControlsTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
