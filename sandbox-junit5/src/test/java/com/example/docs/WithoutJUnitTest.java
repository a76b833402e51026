package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bankssandbox.ClockMode;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A sandbox without the extension: any program, any test framework. */
class WithoutJUnitTest {

    @Test
    void startAndCloseByHand() {
        SandboxConfig config = SandboxConfig.builder()
                .clockMode(ClockMode.FROZEN)
                .start(Instant.parse("2026-01-15T09:00:00Z"))
                .output(SandboxConfig.Output.SILENT)
                .build();
        try (Sandbox sandbox = Sandbox.start(config)) {           // Sandbox.start() takes every default
            assertEquals(Instant.parse("2026-01-15T09:00:00Z"), sandbox.clock().now());
            assertEquals("lm_key_sandbox_all", sandbox.apiKey());
        }
    }
}
