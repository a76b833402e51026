package io.bankssandbox.internal.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.access.ApiKey;
import io.bankssandbox.internal.clock.ClockMode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What one sandbox is started with, as the implementation reads it: the public {@code SandboxConfig}
 * turned into internal types (the API package depends on this one, never the other way round).
 *
 * @param start the clock's start, or null for the fixture set's {@code clock.json}
 * @param adminToken the token the control API asks for, or null for none
 * @param rateLimitPerMinute requests per key in one window, 0 for no limit
 * @param rateLimitWindow the rate limit's window (a minute by default)
 * @param stateFile the file that keeps the state across restarts, or null to keep it in memory
 * @param fixtureDocuments whole fixture files that replace the set's own, by file name
 * @param extraApiKeys keys added to the set's own
 * @param webhooks endpoints given at start (they survive reset)
 * @param verbose whether to log one line per request
 * @param onDemand how many sandboxes this one may start on demand and when they idle out, or null when
 *     it starts none (a sandbox started on demand starts no more)
 */
public record RuntimeConfig(String host, int port, String fixtures, ClockMode clockMode, Instant start, long seed,
                            String adminToken, List<String> corsOrigins, int rateLimitPerMinute,
                            java.time.Duration rateLimitWindow, Path stateFile,
                            long maxImportBytes, Map<String, JsonNode> fixtureDocuments, List<ApiKey> extraApiKeys,
                            List<Webhook> webhooks, boolean verbose, OnDemandLimits onDemand) {

    public RuntimeConfig {
        corsOrigins = List.copyOf(corsOrigins);
        fixtureDocuments = Map.copyOf(fixtureDocuments);
        extraApiKeys = List.copyOf(extraApiKeys);
        webhooks = List.copyOf(webhooks);
    }

    /**
     * An endpoint given at start; null fields take their defaults (the fixture set's first key, both
     * events, no signature).
     */
    public record Webhook(String url, String apiKey, List<String> events, String secret) {
        public static Webhook to(String url) {
            return new Webhook(url, null, null, null);
        }
    }

    /**
     * The limits of the sandboxes one sandbox starts on demand ({@code POST /_sandbox/sandboxes}).
     *
     * @param maxSandboxes how many may be open at once (the starting sandbox not counted)
     * @param idleTimeout how long one may go without a request before it is closed (wall-clock time)
     * @param ticker what idle time is measured on: nanoseconds from a fixed origin, {@link System#nanoTime()}
     *     but in tests, which move it themselves so that no pause of a loaded machine closes a sandbox
     */
    public record OnDemandLimits(int maxSandboxes, java.time.Duration idleTimeout, java.util.function.LongSupplier ticker) {
        public static final OnDemandLimits DEFAULTS = new OnDemandLimits(32, java.time.Duration.ofMinutes(30));

        public OnDemandLimits {
            if (maxSandboxes < 0) {
                throw new IllegalArgumentException("the most sandboxes on demand must be 0 or more, not " + maxSandboxes);
            }
            if (idleTimeout.isNegative() || idleTimeout.isZero()) {
                throw new IllegalArgumentException("the idle timeout must be positive, not " + idleTimeout);
            }
            java.util.Objects.requireNonNull(ticker, "ticker");
        }

        /** Idle time measured on the machine's monotonic clock. */
        public OnDemandLimits(int maxSandboxes, java.time.Duration idleTimeout) {
            this(maxSandboxes, idleTimeout, System::nanoTime);
        }
    }
}
