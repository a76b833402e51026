package io.bankssandbox;

import io.bankssandbox.internal.ondemand.OnDemandSandboxes;
import io.bankssandbox.internal.runtime.RuntimeConfig;
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

    /**
     * The runtime {@code config} describes, without features or HTTP: state, clock, idempotency keys
     * on the configured fixtures, for tests of the kernel that need no route.
     */
    public static SandboxRuntime bareRuntime(SandboxConfig config) {
        SandboxRuntime runtime = new SandboxRuntime(config.toRuntime(), SandboxServer.FIXTURES);
        runtime.install(java.util.List.of());
        return runtime;
    }

    public static SandboxServer server(Sandbox sandbox) {
        return sandbox.server();
    }

    /**
     * A sandbox server started as {@code config} starts one, with these limits of sandboxes on demand
     * (which the command line sets and the public configuration does not carry).
     */
    public static SandboxServer serve(SandboxConfig config, RuntimeConfig.OnDemandLimits onDemand) {
        RuntimeConfig c = config.toRuntime();
        SandboxServer server = new SandboxServer(new RuntimeConfig(c.host(), c.port(), c.fixtures(), c.clockMode(),
                c.start(), c.seed(), c.adminToken(), c.corsOrigins(), c.rateLimitPerMinute(), c.rateLimitWindow(), c.stateFile(),
                c.maxImportBytes(), c.fixtureDocuments(), c.extraApiKeys(), c.webhooks(), c.verbose(), onDemand));
        server.start();
        return server;
    }

    /** The sandboxes on demand of a server (null when it starts none). */
    public static OnDemandSandboxes onDemand(SandboxServer server) {
        try {
            java.lang.reflect.Field field = SandboxServer.class.getDeclaredField("onDemand");
            field.setAccessible(true);
            return (OnDemandSandboxes) field.get(server);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("SandboxServer keeps its sandboxes on demand elsewhere now", e);
        }
    }
}
