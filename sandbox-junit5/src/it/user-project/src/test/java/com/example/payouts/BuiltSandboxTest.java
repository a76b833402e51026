package com.example.payouts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bankssandbox.Sandbox;
import io.bankssandbox.junit5.BanksSandboxExtension;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class BuiltSandboxTest {
    @RegisterExtension
    static BanksSandboxExtension sandbox = BanksSandboxExtension.builder()
            .start(Instant.parse("2026-06-01T00:00:00Z"))
            .build();

    @Test
    void startsWhereTheBuilderSaid(Sandbox injected) {
        assertEquals(Instant.parse("2026-06-01T00:00:00Z"), injected.clock().now());
    }

    @Test
    void theHandleAlsoWorksWithoutJUnit() throws Exception {
        try (Sandbox standalone = Sandbox.start()) {
            assertEquals(200, Api.get(standalone, "/v0/accounts").statusCode());
        }
    }
}
