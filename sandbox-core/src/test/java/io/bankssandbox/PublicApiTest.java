package io.bankssandbox;

import io.bankssandbox.internal.apicheck.ApiDumpFile;
import org.junit.jupiter.api.Test;

/**
 * The core's public API is what api/sandbox-core.api says: a change of it is a reviewed diff of
 * that file (docs/architecture.md, "The public API"). That it names no internal type is rule 5 of
 * io.bankssandbox.internal.ArchitectureTest.
 */
class PublicApiTest {
    @Test
    void compiledApiIsTheCheckedInDump() {
        ApiDumpFile.assertMatches("sandbox-core", Sandbox.class);
    }
}
