package io.bankssandbox.internal.runtime;

import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.clock.ClockMode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * The options a test annotation offers, as written in it: JUnit's {@code @BanksSandbox} and
 * Spring's {@code @EnableBanksSandbox} both turn theirs into a {@link SandboxConfig} here, so the
 * two read each option the same way.
 *
 * @param fixtures a classpath fixture set name or a directory
 * @param clock frozen or running
 * @param start an ISO 8601 instant, or blank for the fixture set's {@code clock.json}
 * @param seed seed of generated ids
 * @param webhooks URLs sent both webhook events as the default key sees them ({@code inbox} for the
 *     sandbox's own receiver), as the builder's {@code webhook(url)} does
 */
public record SandboxOptions(String fixtures, ClockMode clock, String start, long seed, List<String> webhooks) {

    public SandboxOptions {
        webhooks = webhooks == null ? List.of() : List.copyOf(webhooks);
    }

    /** Options without webhook endpoints. */
    public SandboxOptions(String fixtures, ClockMode clock, String start, long seed) {
        this(fixtures, clock, start, seed, List.of());
    }

    /**
     * The configuration these options ask for.
     *
     * @param declaredBy names the annotation and where it sits, for the message when an option is wrong
     * @throws IllegalArgumentException when {@code start} is not an instant
     */
    public SandboxConfig toConfig(String declaredBy) {
        SandboxConfig.Builder config = SandboxConfig.builder().fixtures(fixtures).clockMode(clock).seed(seed);
        webhooks.forEach(config::webhook);
        if (!start.isBlank()) {
            try {
                config.start(Instant.parse(start));
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(declaredBy + ": start = \"" + start
                        + "\" is not an ISO 8601 instant such as 2026-03-02T15:00:00Z", e);
            }
        }
        return config.build();
    }
}
