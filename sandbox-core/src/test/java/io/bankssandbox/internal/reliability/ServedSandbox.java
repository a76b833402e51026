package io.bankssandbox.internal.reliability;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.net.URI;

/**
 * A sandbox started for a test class, with what the tests that work from its served document read:
 * a raw HTTP client on its port, the document's routes, the ids of its fixtures and valid bodies for
 * them. One place for the set-up those tests share.
 */
record ServedSandbox(Sandbox sandbox, RawHttp http, RouteCatalog catalog, IdBook ids, ValidBodies bodies)
        implements AutoCloseable {

    static ServedSandbox start() {
        return start(SandboxConfig.defaults());
    }

    static ServedSandbox start(SandboxConfig config) {
        Sandbox sandbox = Sandbox.start(config);
        URI base = URI.create(sandbox.baseUrl());
        JsonNode state = sandbox.exportState();
        return new ServedSandbox(sandbox, new RawHttp(base.getHost(), base.getPort()),
                RouteCatalog.served(sandbox.baseUrl()), IdBook.of(state), new ValidBodies(state));
    }

    @Override
    public void close() {
        sandbox.close();
    }
}
