package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.internal.requests.JournalEntry;
import io.bankssandbox.spring.EnableBanksSandbox;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest
@EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key")
@TestMethodOrder(MethodOrderer.MethodName.class)   // so the second test would see the first's card, were it not reset
class PayoutFlowTest {
    @Autowired Sandbox sandbox;          // the same handle as in sandbox-junit5
    @Autowired PayoutService payouts;    // the app's own bean, already pointed at the sandbox

    @Test
    void aPayoutIssuesOneCardPerOrderEvenWhenRetried() {
        String card = payouts.issueCard("4711");
        String retried = payouts.issueCard("4711");

        assertThat(retried).isEqualTo(card);
        List<JournalEntry> posts = sandbox.journal().requests("POST", "/v0/cards");
        assertThat(posts).extracting(JournalEntry::idempotencyKey).containsExactly("order-4711", "order-4711");
        assertThat(posts).extracting(JournalEntry::status).containsExactly(201, 201);
    }

    @Test
    void everyTestStartsFromTheFixtures() {
        assertThat(sandbox.journal().requests()).isEmpty();     // no request from the other test
        assertThat(sandbox.exportState().get("cards").findValuesAsText("nickname")).doesNotContain("Payout 4711");
    }
}
