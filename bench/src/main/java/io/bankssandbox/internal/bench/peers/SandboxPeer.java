package io.bankssandbox.internal.bench.peers;

import io.bankssandbox.Sandbox;

/** {@code Sandbox.start()}, as a test calls it: the default fixtures, a free port. */
public final class SandboxPeer implements Server {
    private final Sandbox sandbox;

    private SandboxPeer(Sandbox sandbox) {
        this.sandbox = sandbox;
    }

    public static Server start() {
        return new SandboxPeer(Sandbox.start());
    }

    @Override
    public String baseUrl() {
        return sandbox.baseUrl();
    }

    @Override
    public void close() {
        sandbox.close();
    }
}
