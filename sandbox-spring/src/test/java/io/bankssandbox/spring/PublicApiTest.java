package io.bankssandbox.spring;

import io.bankssandbox.internal.apicheck.ApiDumpFile;
import io.bankssandbox.internal.apicheck.ApiRules;
import org.junit.jupiter.api.Test;

/**
 * This module's public API is what api/sandbox-spring.api says, and it names no internal type
 * (docs/architecture.md, "The public API"; the dumper and the rule are sandbox-core's test-jar).
 */
class PublicApiTest {
    @Test
    void compiledApiIsTheCheckedInDump() {
        ApiDumpFile.assertMatches("sandbox-spring", EnableBanksSandbox.class);
    }

    @Test
    void apiExposesNoInternalType() {
        ApiRules.apiExposesNoInternalType().check(ApiRules.importModule(EnableBanksSandbox.class));
    }
}
