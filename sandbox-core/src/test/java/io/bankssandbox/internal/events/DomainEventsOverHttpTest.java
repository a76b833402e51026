package io.bankssandbox.internal.events;

import io.bankssandbox.internal.testing.WayIn;

/** {@link DomainEventsTest} through {@code Sandbox.connect}: the same tests over HTTP, one suite with two ways in. */
class DomainEventsOverHttpTest extends DomainEventsTest {
    @Override
    protected WayIn wayIn() {
        return WayIn.CONNECT;
    }
}
