package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which origins a configured list allows: exact or with {@code *} for a run of characters without a slash. */
class CorsPolicyTest {

    @Test
    void aStarStandsForCharactersWithoutASlashWhereItIsAndNowhereElse() {
        CorsPolicy policy = new CorsPolicy(List.of("http://localhost:*"));
        assertThat(policy.allows("http://localhost:3000")).isTrue();
        assertThat(policy.allows("http://localhost:")).isTrue();
        assertThat(policy.allows("HTTP://LOCALHOST:3000")).isTrue();
        // nothing before the pattern's start, nothing with a slash in the star's place
        assertThat(policy.allows("evil-http://localhost:3000")).isFalse();
        assertThat(policy.allows("http://localhost:3000/x")).isFalse();
        assertThat(policy.allows("http://localhost.evil.example:3000")).isFalse();
        assertThat(policy.allows("")).isFalse();
        assertThat(policy.allows(null)).isFalse();
    }

    @Test
    void aConfiguredOriginsTrailingSlashIsNotPartOfIt() {
        CorsPolicy policy = new CorsPolicy(List.of(" https://app.example.com/ ", "", "  "));
        assertThat(policy.allows("https://app.example.com")).isTrue();
        assertThat(policy.allows("https://app.example.com/")).isFalse();
        assertThat(policy.allows("https://app.example.co")).isFalse();
    }

    @Test
    void aLoneStarAllowsEveryOriginButNoEmptyOne() {
        CorsPolicy policy = new CorsPolicy(List.of("*"));
        assertThat(policy.allows("https://anything.example:8443")).isTrue();
        assertThat(policy.allows("")).isFalse();
    }
}
