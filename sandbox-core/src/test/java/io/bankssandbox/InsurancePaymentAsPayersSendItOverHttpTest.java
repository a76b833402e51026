package io.bankssandbox;

import io.bankssandbox.internal.testing.WayIn;

/** {@link InsurancePaymentAsPayersSendItTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class InsurancePaymentAsPayersSendItOverHttpTest extends InsurancePaymentAsPayersSendItTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
