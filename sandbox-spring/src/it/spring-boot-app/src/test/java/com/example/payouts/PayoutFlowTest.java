package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.RecordedRequest;
import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxException;
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

    static String firstTestsCard;

    @Test
    void aPayoutIssuesOneCardPerOrderEvenWhenRetried() {
        String card = payouts.issueCard("4711");
        String retried = payouts.issueCard("4711");

        assertThat(retried).isEqualTo(card);
        List<RecordedRequest> posts = sandbox.journal().requests("POST", "/v0/cards");
        assertThat(posts).extracting(RecordedRequest::idempotencyKey).containsExactly("order-4711", "order-4711");
        assertThat(posts).extracting(RecordedRequest::status).containsExactly(201, 201);
        firstTestsCard = card;
    }

    @Test
    void everyTestStartsFromTheFixtures() {
        assertThat(sandbox.journal().requests()).isEmpty();     // no request from the other test
        assertThatThrownBy(() -> sandbox.cards().authorize(firstTestsCard, 10_00, "5734"))   // and no card of it:
                .isInstanceOfSatisfying(SandboxException.class, e -> assertThat(e.status()).isEqualTo(404));
    }
}
