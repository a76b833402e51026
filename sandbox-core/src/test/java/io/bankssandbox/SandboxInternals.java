package io.bankssandbox;

import io.bankssandbox.internal.runtime.SandboxRuntime;
import io.bankssandbox.internal.server.SandboxServer;

/**
 * What white-box tests of the implementation reach behind a {@link Sandbox}: its runtime (state,
 * events, clock) and its server. Test sources only: users never see it.
 */
public final class SandboxInternals {
    private SandboxInternals() {}

    public static SandboxRuntime runtime(Sandbox sandbox) {
        return sandbox.server().runtime();
    }

    public static SandboxServer server(Sandbox sandbox) {
        return sandbox.server();
    }
}
