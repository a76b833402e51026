package io.bankssandbox;

import io.bankssandbox.internal.testing.WayIn;

/** {@link InsurancePaymentBuildersTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class InsurancePaymentBuildersOverHttpTest extends InsurancePaymentBuildersTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
