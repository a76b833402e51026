package io.bankssandbox;

import io.bankssandbox.internal.runtime.SandboxRuntime;

/**
 * What the benchmarks reach behind a {@link Sandbox}: its runtime (state, events), to load large
 * states and time commits. The benchmark's own jar only: users never see it.
 */
public final class BenchInternals {
    private BenchInternals() {}

    public static SandboxRuntime runtime(Sandbox sandbox) {
        return sandbox.server().runtime();
    }
}
