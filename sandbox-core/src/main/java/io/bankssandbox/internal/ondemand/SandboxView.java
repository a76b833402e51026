package io.bankssandbox.internal.ondemand;

import java.time.Instant;
import java.util.List;

/**
 * One sandbox of the process as {@code /_sandbox/sandboxes} shows it: where it answers, the keys it
 * knows, its clock now.
 *
 * @param host whether it is the sandbox the process started (which cannot be closed over HTTP)
 * @param idleTimeout how long it may go without a request before it is closed (null for the host)
 */
public record SandboxView(String id, String name, boolean host, String baseUrl, String dashboardUrl,
                          List<Key> apiKeys, Clock clock, Instant createdAt, String idleTimeout) {

    /** An API key and the entities it sees ({@code "*"}: every entity). */
    public record Key(String key, List<String> sees) {}

    public record Clock(Instant now, String mode) {}
}
