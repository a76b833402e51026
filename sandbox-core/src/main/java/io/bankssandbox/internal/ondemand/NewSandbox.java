package io.bankssandbox.internal.ondemand;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The body of {@code POST /_sandbox/sandboxes}: each field left out is the starting sandbox's own
 * option (its fixture set, seed, clock mode and start), the idle timeout the server's.
 *
 * @param fixtures a shipped fixture set's name or a directory, as {@code --fixtures} takes
 * @param clock {@code frozen} or {@code running}
 * @param idleTimeout ISO 8601 duration without a request after which the sandbox is closed
 */
public record NewSandbox(String fixtures, Long seed, String clock, Instant start, String name, String idleTimeout) {
    // that idle_timeout is a positive ISO 8601 duration is the request's schema (NewSandboxRequest)

    /** The idle timeout asked for, or null when none was or it is not a duration. */
    Duration parsedIdleTimeout() {
        if (idleTimeout == null) {
            return null;
        }
        try {
            return Duration.parse(idleTimeout);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
