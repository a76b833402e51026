package io.bankssandbox.internal.control;

import io.bankssandbox.internal.testing.WayIn;

/** {@link TypedReadsTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class TypedReadsOverHttpTest extends TypedReadsTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
