package io.bankssandbox.testcontainers;

import io.bankssandbox.internal.apicheck.ApiDumpFile;
import io.bankssandbox.internal.apicheck.ApiRules;
import org.junit.jupiter.api.Test;

/**
 * This module's public API is what api/sandbox-testcontainers.api says, and it names no internal type
 * (docs/architecture.md, "The public API"; the dumper and the rule are sandbox-core's test-jar).
 */
class PublicApiTest {
    @Test
    void compiledApiIsTheCheckedInDump() {
        ApiDumpFile.assertMatches("sandbox-testcontainers", BanksSandboxContainer.class);
    }

    @Test
    void apiExposesNoInternalType() {
        ApiRules.apiExposesNoInternalType().check(ApiRules.importModule(BanksSandboxContainer.class));
    }
}
