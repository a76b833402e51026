package io.bankssandbox.internal.webhooks;

import io.bankssandbox.internal.runtime.RuntimeConfig;
import java.util.function.Function;

/**
 * How this project's Spring Boot support adds, to a sandbox it started, an endpoint that lives as the
 * sandbox's configuration (as one given at start: it survives reset, and is no part of the state) once
 * its address is known: the application's own port exists only after the sandbox serves, since the
 * application's beans need the sandbox's address first. The {@code Sandbox} handle keeps its server
 * to its own package; its class hands this one the way from a handle to its webhooks when it loads.
 * One function for the JVM, the same for every sandbox: no sandbox's state lives here.
 */
public final class ConfiguredWebhooks {
    private static volatile Function<Object, WebhookService> ofHandle;

    private ConfiguredWebhooks() {}

    /** Called once, by the handle's class as it loads. */
    public static void install(Function<Object, WebhookService> lookup) {
        ofHandle = lookup;
    }

    /**
     * Adds {@code webhook} to the sandbox of {@code handle} (an {@code io.bankssandbox.Sandbox}, which
     * this package may not name).
     *
     * @throws IllegalArgumentException naming the URL and each rule it breaks, as at start
     */
    public static void add(Object handle, RuntimeConfig.Webhook webhook) {
        ofHandle.apply(handle).configure(webhook);
    }
}
