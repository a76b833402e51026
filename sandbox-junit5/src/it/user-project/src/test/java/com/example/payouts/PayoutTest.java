package com.example.payouts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bankssandbox.Sandbox;
import io.bankssandbox.junit5.BanksSandbox;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@BanksSandbox
class PayoutTest {
    private Instant start;

    @BeforeEach
    void rememberStart(Sandbox sandbox) {
        start = sandbox.clock().now();
    }

    @Test
    void listsEntitiesWithTheDefaultKey(Sandbox sandbox) throws Exception {
        assertEquals("lm_key_sandbox_all", sandbox.apiKey());
        HttpResponse<String> response = Api.get(sandbox, "/v0/entities");
        assertEquals(200, response.statusCode());
        assertTrue(response.body().contains("\"data\""));
    }

    @Test
    void theClockOnlyMovesWhenAdvanced(Sandbox sandbox) throws Exception {
        Thread.sleep(20);
        assertEquals(start, sandbox.clock().now());
        sandbox.clock().advance(Duration.ofHours(2));
        assertEquals(start.plus(Duration.ofHours(2)), sandbox.clock().now());
    }

    @Test
    void aCardCreatedHereIsGoneInTheNextTest(Sandbox sandbox) throws Exception {
        HttpResponse<String> accounts = Api.get(sandbox, "/v0/accounts");
        String accountId = accounts.body().replaceAll("(?s).*?\"id\"\\s*:\\s*\"(account_[^\"]+)\".*", "$1");
        HttpResponse<String> card = Api.post(sandbox, "/v0/cards", "{\"bank_account_id\": \"" + accountId
                + "\", \"nickname\": \"Supplies\", \"authorization_controls\": {\"usage\": {\"category\": \"multi_use\","
                + " \"multi_use\": {\"spending_limits\": [{\"interval\": \"per_transaction\", \"amount\": 5000}]}}}}",
                "payout-test-card-0001");
        assertEquals(201, card.statusCode(), card.body());
    }

    @Nested
    class AfterADay {
        @BeforeEach
        void advance(Sandbox sandbox) {
            sandbox.clock().advance(Duration.ofDays(1));
        }

        @Test
        void startsFromTheFixturesAndSharesTheEnclosingSandbox(Sandbox sandbox) {
            assertEquals(start.plus(Duration.ofDays(1)), sandbox.clock().now());
        }
    }
}
