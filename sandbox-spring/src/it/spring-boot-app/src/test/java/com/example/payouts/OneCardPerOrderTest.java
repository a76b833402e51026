package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.bankssandbox.Card;
import io.bankssandbox.RecordedRequest;
import io.bankssandbox.Sandbox;
import io.bankssandbox.spring.EnableBanksSandbox;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

@SpringBootTest
@EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key")
@TestMethodOrder(MethodOrderer.MethodName.class)   // so the second test would see the first's card, were it not reset
class OneCardPerOrderTest {
    @Autowired Sandbox sandbox;          // the same handle as in sandbox-junit5
    @Autowired PayoutService payouts;    // the application's own bean, already pointed at the sandbox

    @Test
    void aPayoutIssuesOneCardPerOrderEvenWhenRetried() {
        String card = payouts.issueCard("4711");
        String retried = payouts.issueCard("4711");

        assertThat(retried).isEqualTo(card);
        assertThat(sandbox.journal().requests("POST", "/v0/cards"))
                .extracting(RecordedRequest::idempotencyKey, RecordedRequest::status)
                .containsExactly(tuple("order-4711", 201), tuple("order-4711", 201));
    }

    @Test
    void everyTestStartsFromTheFixtures() {
        assertThat(sandbox.journal().requests()).isEmpty();     // no request from the other test
        assertThat(sandbox.cards().all()).extracting(Card::nickname).doesNotContain("Payout 4711");
    }
}
