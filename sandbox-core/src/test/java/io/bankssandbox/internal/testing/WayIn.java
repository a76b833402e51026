package io.bankssandbox.internal.testing;

import io.bankssandbox.Sandbox;
import java.net.URI;

/** The two ways into a sandbox the handle's section tests run through: the same tests, the same expectations. */
public enum WayIn {
    /** The handle {@code Sandbox.start()} answered: the domain called directly. */
    IN_PROCESS {
        @Override
        public Sandbox open(Sandbox started) {
            return started;
        }
    },
    /** {@code Sandbox.connect(baseUrl)}: the same sandbox over its control API and the operator's reads. */
    CONNECT {
        @Override
        public Sandbox open(Sandbox started) {
            return Sandbox.connect(URI.create(started.baseUrl()));
        }
    };

    /** The handle the tests drive, for a sandbox started in this JVM. */
    public abstract Sandbox open(Sandbox started);
}
