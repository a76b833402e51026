package io.bankssandbox.internal.ondemand;

import io.bankssandbox.internal.state.Command;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * The body of {@code POST /_sandbox/sandboxes}: each field left out is the starting sandbox's own
 * option (its fixture set, seed, clock mode and start), the idle timeout the server's.
 *
 * @param fixtures a shipped fixture set's name or a directory, as {@code --fixtures} takes
 * @param clock {@code frozen} or {@code running}
 * @param idleTimeout ISO 8601 duration without a request after which the sandbox is closed
 */
public record NewSandbox(String fixtures, Long seed, String clock, Instant start, String name, String idleTimeout)
        implements Command {

    @Override
    public List<String> violations() {
        if (idleTimeout == null) {
            return List.of();
        }
        Duration parsed = parsedIdleTimeout();
        if (parsed == null) {
            return List.of("idle_timeout must be an ISO 8601 duration such as PT30M, not " + idleTimeout);
        }
        if (parsed.isNegative() || parsed.isZero()) {
            return List.of("idle_timeout must be a positive duration, not " + idleTimeout);
        }
        return List.of();
    }

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
