package io.bankssandbox;

import io.bankssandbox.internal.testing.WayIn;

/** {@link RequiredFieldsTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class RequiredFieldsOverHttpTest extends RequiredFieldsTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
