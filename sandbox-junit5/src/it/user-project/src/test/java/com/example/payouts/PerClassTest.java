package com.example.payouts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bankssandbox.Sandbox;
import io.bankssandbox.ClockMode;
import io.bankssandbox.junit5.BanksSandbox;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

@BanksSandbox(fixtures = "default", clock = ClockMode.FROZEN, start = "2027-01-04T09:00:00Z",
        reset = BanksSandbox.Reset.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PerClassTest {
    @Test
    @Order(1)
    void startsWhereAsked(Sandbox sandbox) {
        assertEquals(Instant.parse("2027-01-04T09:00:00Z"), sandbox.clock().now());
        sandbox.clock().advance(Duration.ofDays(1));
    }

    @Test
    @Order(2)
    void keepsTheClassesOwnChanges(Sandbox sandbox) {
        assertEquals(Instant.parse("2027-01-05T09:00:00Z"), sandbox.clock().now());
    }
}
