package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.spring.EnableBanksSandbox;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

/** The same configuration as PayoutFlowTest: Spring's cached context, and with it the same sandbox. */
@SpringBootTest
@EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key")
@Order(2)
class SharedContextFirstTest {
    @Autowired ApplicationContext context;
    @Autowired Sandbox sandbox;
    @Autowired PayoutService payouts;

    @Test
    void theApplicationCallsTheSandboxItsPropertiesName() {
        Sightings.Seen seen = Sightings.note(SharedContextFirstTest.class, context, sandbox);

        payouts.issueCard("4712");

        assertThat(seen.baseUrlProperty()).isEqualTo(sandbox.baseUrl());
        assertThat(sandbox.journal().requests("POST", "/v0/cards")).singleElement()
                .satisfies(post -> assertThat(post.idempotencyKey()).isEqualTo("order-4712"));
    }
}
