package io.bankssandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.http.CorsPolicy;
import io.bankssandbox.internal.runtime.RuntimeConfig;
import io.bankssandbox.internal.http.RateLimiter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How to start a sandbox. Defaults suit tests: any free port on loopback, the {@code default}
 * fixtures, a frozen clock at the fixture set's start.
 *
 * <pre>{@code
 * SandboxConfig config = SandboxConfig.builder().fixtures("default").clockMode(ClockMode.RUNNING).build();
 * }</pre>
 */
public record SandboxConfig(
        String host,
        int port,
        String fixtures,
        ClockMode clockMode,
        Instant start,
        long seed,
        String adminToken,
        List<String> corsOrigins,
        int rateLimitPerMinute,
        Duration rateLimitWindow,
        Path stateFile,
        long maxImportBytes,
        Map<String, JsonNode> fixtureDocuments,
        List<ApiKey> extraApiKeys,
        List<WebhookEndpoint.Registration> webhooks,
        Output output) {

    /**
     * An API key beside the fixture set's: {@code entityIds} names the entities it sees, {@code "*"}
     * every entity.
     */
    public record ApiKey(String key, String description, List<String> entityIds) {
        public ApiKey {
            entityIds = List.copyOf(entityIds);
        }
    }

    /**
     * @throws IllegalArgumentException when {@code rateLimitWindow} is not positive or longer than a day
     *     (null is {@link #DEFAULT_RATE_LIMIT_WINDOW})
     */
    public SandboxConfig {
        rateLimitWindow = rateLimitWindow == null ? DEFAULT_RATE_LIMIT_WINDOW : checkedWindow(rateLimitWindow);
        fixtureDocuments = fixtureDocuments == null ? Map.of() : Map.copyOf(fixtureDocuments);
        extraApiKeys = extraApiKeys == null ? List.of() : List.copyOf(extraApiKeys);
        webhooks = webhooks == null ? List.of() : List.copyOf(webhooks);
    }

    public static final long DEFAULT_SEED = 42L;
    /** The rate limit's window unless configured: a minute, as the real service counts. */
    public static final Duration DEFAULT_RATE_LIMIT_WINDOW = RateLimiter.DEFAULT_WINDOW;
    /** The largest state document {@code PUT /_sandbox/state} takes by default: 256 MiB. */
    public static final long DEFAULT_MAX_IMPORT_BYTES = 256L * 1024 * 1024;

    /** The system property that sets {@link Output} when the code does not: {@code silent}, {@code one-line}, {@code verbose}. */
    public static final String OUTPUT_PROPERTY = "bankssandbox.output";

    /**
     * What a sandbox writes to the JVM's console. A test run shows what the tests print, not the
     * server's libraries: by default one line per sandbox (its address) and nothing else.
     */
    public enum Output {
        /** Nothing at all, not even the address line. */
        SILENT,
        /** One line on standard error when the sandbox starts: version, address, fixture set. The default. */
        ONE_LINE,
        /**
         * The address line, one line per request ({@code io.bankssandbox.internal.requests} at INFO), and the
         * libraries' own logging (Jetty, Javalin, the schema and X12 libraries) at your logging setup's levels.
         */
        VERBOSE;

        /** {@code -Dbankssandbox.output=verbose} (any case, {@code -} or {@code _}); unset is {@link #ONE_LINE}. */
        public static Output fromSystemProperty() {
            return parse(System.getProperty(OUTPUT_PROPERTY));
        }

        /** {@code silent}, {@code one-line} or {@code verbose}, in any case, {@code -} or {@code _}; null or blank is {@link #ONE_LINE}. */
        public static Output parse(String value) {
            if (value == null || value.isBlank()) {
                return ONE_LINE;
            }
            try {
                return valueOf(value.trim().toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("-D" + OUTPUT_PROPERTY + "=" + value
                        + " is not one of silent, one-line, verbose", e);
            }
        }
    }

    /** The implementation's view of this configuration. */
    RuntimeConfig toRuntime() {
        return new RuntimeConfig(host, port, fixtures, io.bankssandbox.internal.clock.ClockMode.valueOf(clockMode.name()),
                start, seed, adminToken, corsOrigins, rateLimitPerMinute, rateLimitWindow, stateFile, maxImportBytes,
                fixtureDocuments,
                extraApiKeys.stream().map(k -> new io.bankssandbox.internal.access.ApiKey(k.key(), k.description(),
                        k.entityIds())).toList(),
                runtimeWebhooks(webhooks), output == Output.VERBOSE, RuntimeConfig.OnDemandLimits.DEFAULTS);
    }

    /** The endpoints given at start, as the implementation reads them. */
    static List<RuntimeConfig.Webhook> runtimeWebhooks(List<WebhookEndpoint.Registration> registrations) {
        return registrations.stream()
                .map(r -> new RuntimeConfig.Webhook(r.url(), r.apiKey(), r.events(), r.secret())).toList();
    }

    public static Builder builder() {
        return new Builder();
    }

    public static SandboxConfig defaults() {
        return builder().build();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.host = host;
        b.port = port;
        b.fixtures = fixtures;
        b.clockMode = clockMode;
        b.start = start;
        b.seed = seed;
        b.adminToken = adminToken;
        b.corsOrigins = corsOrigins;
        b.rateLimitPerMinute = rateLimitPerMinute;
        b.rateLimitWindow = rateLimitWindow;
        b.stateFile = stateFile;
        b.maxImportBytes = maxImportBytes;
        b.fixtureDocuments.putAll(fixtureDocuments);
        b.extraApiKeys.addAll(extraApiKeys);
        b.webhooks.addAll(webhooks);
        b.output = output;
        return b;
    }

    public static final class Builder {
        private String host = "127.0.0.1";
        private int port = 0;
        private String fixtures = "default";
        private ClockMode clockMode = ClockMode.FROZEN;
        private Instant start;
        private long seed = DEFAULT_SEED;
        private String adminToken;
        private List<String> corsOrigins = CorsPolicy.LOCALHOST;
        private int rateLimitPerMinute;
        private Duration rateLimitWindow = DEFAULT_RATE_LIMIT_WINDOW;
        private Path stateFile;
        private long maxImportBytes = DEFAULT_MAX_IMPORT_BYTES;
        private final Map<String, JsonNode> fixtureDocuments = new LinkedHashMap<>();
        private final List<ApiKey> extraApiKeys = new ArrayList<>();
        private final List<WebhookEndpoint.Registration> webhooks = new ArrayList<>();
        private Output output;

        public Builder host(String host) { this.host = host; return this; }

        /** 0 (the default) picks a free port. */
        public Builder port(int port) { this.port = port; return this; }

        /** A classpath fixture set name ({@code default}) or a directory. */
        public Builder fixtures(String nameOrDirectory) { this.fixtures = nameOrDirectory; return this; }

        public Builder clockMode(ClockMode mode) { this.clockMode = mode; return this; }

        /** Start the clock here instead of at the fixture set's {@code clock.json}. */
        public Builder start(Instant start) { this.start = start; return this; }

        /**
         * {@link #start(Instant)} from ISO 8601 text ({@code 2026-03-02T15:00:00Z}), as annotations and the
         * command line give it; blank keeps the fixture set's start.
         *
         * @throws IllegalArgumentException when the text is not an instant, saying so
         */
        public Builder start(String instant) {
            if (instant == null || instant.isBlank()) {
                this.start = null;
                return this;
            }
            try {
                this.start = Instant.parse(instant.trim());
            } catch (java.time.format.DateTimeParseException e) {
                throw new IllegalArgumentException("start = \"" + instant
                        + "\" is not an ISO 8601 instant such as 2026-03-02T15:00:00Z", e);
            }
            return this;
        }

        /** Seed of generated ids: the same seed gives the same ids. */
        public Builder seed(long seed) { this.seed = seed; return this; }

        /** Require {@code Authorization: Bearer <token>} on the control API. */
        public Builder adminToken(String token) { this.adminToken = token; return this; }

        /**
         * Origins allowed by CORS, replacing the default (any {@code http://localhost:*} or
         * {@code http://127.0.0.1:*} origin); {@code *} in a pattern matches a port or host part,
         * a lone {@code *} any origin; empty allows none.
         */
        public Builder corsOrigins(List<String> origins) { this.corsOrigins = List.copyOf(origins); return this; }

        /**
         * Requests per API key in one {@linkplain #rateLimitWindow(Duration) window} (a minute unless set
         * shorter); past it, 429 with {@code Retry-After}. 0 (the default) switches rate limiting off.
         */
        public Builder rateLimitPerMinute(int perMinute) { this.rateLimitPerMinute = perMinute; return this; }

        /**
         * The rate limit's window: each key's count starts at its first request and ends this long after
         * (wall-clock time); {@code Retry-After} is the whole seconds left in it, never more. Default
         * {@link #DEFAULT_RATE_LIMIT_WINDOW}: a test of waiting and retrying sets {@code Duration.ofSeconds(1)}.
         *
         * @throws IllegalArgumentException when {@code window} is not positive or longer than a day
         */
        public Builder rateLimitWindow(Duration window) {
            this.rateLimitWindow = checkedWindow(window);
            return this;
        }

        /**
         * {@link #rateLimitWindow(Duration)} from ISO 8601 text ({@code PT1S}), as annotations and the command
         * line give it; blank keeps the default.
         *
         * @throws IllegalArgumentException when the text is not an ISO 8601 duration, or not a window
         */
        public Builder rateLimitWindow(String window) {
            if (window == null || window.isBlank()) {
                this.rateLimitWindow = DEFAULT_RATE_LIMIT_WINDOW;
                return this;
            }
            try {
                return rateLimitWindow(Duration.parse(window.trim()));
            } catch (java.time.format.DateTimeParseException e) {
                throw new IllegalArgumentException("rateLimitWindow = \"" + window
                        + "\" is not an ISO 8601 duration such as PT1M or PT1S", e);
            }
        }

        /** Keep state in this file: loaded at start, written before every 2xx mutation is answered. */
        public Builder stateFile(Path file) { this.stateFile = file; return this; }

        /**
         * The largest state document {@code PUT /_sandbox/state} takes (413 beyond); default 256 MiB.
         * The /v0 API's 1 MiB body limit is not this one.
         */
        public Builder maxImportBytes(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("the import limit must be at least one byte, not " + bytes);
            }
            this.maxImportBytes = bytes;
            return this;
        }

        /**
         * Use {@code document} instead of the fixture set's file {@code name} ({@code entities},
         * {@code accounts}, ...): fixture data built in code, checked like a file.
         */
        public Builder fixtureDocument(String name, JsonNode document) {
            this.fixtureDocuments.put(name, document.deepCopy());
            return this;
        }

        /**
         * {@link #fixtureDocument(String, JsonNode)} from JSON text.
         *
         * @throws IllegalArgumentException when {@code json} is not JSON
         */
        public Builder fixtureDocument(String name, String json) {
            try {
                return fixtureDocument(name, io.bankssandbox.internal.state.Json.MAPPER.readTree(json));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalArgumentException(name + ": not valid JSON: " + e.getOriginalMessage(), e);
            }
        }

        /** One more API key beside the fixture set's; {@code entityIds} {@code "*"} sees every entity. */
        public Builder apiKey(String key, String description, List<String> entityIds) {
            this.extraApiKeys.add(new ApiKey(key, description, List.copyOf(entityIds)));
            return this;
        }

        /**
         * Send both webhook events, as the fixture set's first key sees them, to {@code url} (an http(s)
         * URL, or {@code inbox} for the sandbox's own receiver); repeatable. Such endpoints survive reset.
         */
        public Builder webhook(String url) {
            return webhook(WebhookEndpoint.Registration.of(url));
        }

        /**
         * An endpoint from start as {@link #webhook(String)} gives one, with what a subscription may say
         * beside its url: a signing secret, the key whose view decides what is sent, the events.
         *
         * <pre>{@code
         * SandboxConfig.builder().webhook(Registration.of(url).signedWith("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
         * }</pre>
         */
        public Builder webhook(WebhookEndpoint.Registration registration) {
            this.webhooks.add(registration);
            return this;
        }

        /**
         * What the sandbox writes to the console; left out, {@code -Dbankssandbox.output} decides, and
         * without it {@link Output#ONE_LINE}.
         */
        public Builder output(Output output) { this.output = output; return this; }

        public SandboxConfig build() {
            return new SandboxConfig(host, port, fixtures, clockMode, start, seed, adminToken, corsOrigins,
                    rateLimitPerMinute, rateLimitWindow, stateFile, maxImportBytes, fixtureDocuments, extraApiKeys, webhooks,
                    output == null ? Output.fromSystemProperty() : output);
        }
    }

    private static Duration checkedWindow(Duration window) {
        String problem = RateLimiter.windowProblem(window);
        if (problem != null) {
            throw new IllegalArgumentException("rateLimitWindow " + problem);
        }
        return window;
    }
}
