package com.example.payouts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bankssandbox.Sandbox;
import io.bankssandbox.junit5.BanksSandbox;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Shares one sandbox for the run with the other Shared*Test; each test still starts from the fixtures. */
@BanksSandbox(shared = true)
class SharedFirstTest {
    @Test
    void startsAtTheFixtureClockWhateverTheOtherClassDid(Sandbox sandbox) {
        assertEquals(Instant.parse("2026-03-02T15:00:00Z"), sandbox.clock().now());
        sandbox.clock().advance(Duration.ofDays(3));
    }
}
