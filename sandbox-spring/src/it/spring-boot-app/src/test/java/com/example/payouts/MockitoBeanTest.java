package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verify;

import io.bankssandbox.Sandbox;
import io.bankssandbox.spring.EnableBanksSandbox;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.bean.override.mockito.MockitoBean;

/** @MockitoBean changes the cache key: a context of its own, so a sandbox of its own, and the mock beside it. */
@SpringBootTest
@EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key")
@Order(5)
class MockitoBeanTest {
    @Autowired ApplicationContext context;
    @Autowired Sandbox sandbox;
    @Autowired PayoutService payouts;
    @MockitoBean PayoutNotifier notifier;

    @Test
    void aMockedBeanGetsItsOwnContextAndSandboxAndTheRealOnesStillCallIt() {
        Sightings.Seen shared = Sightings.BY_CLASS.get(SharedContextFirstTest.class);
        Sightings.Seen now = Sightings.note(MockitoBeanTest.class, context, sandbox);

        assertThat(now.context()).isNotSameAs(shared.context());
        assertThat(now.sandbox()).isNotSameAs(shared.sandbox());
        assertThat(now.baseUrlProperty()).isEqualTo(sandbox.baseUrl());

        String card = payouts.issueCard("4714");

        verify(notifier).cardIssued("4714", card);
        assertThat(sandbox.journal().requests("POST", "/v0/cards")).hasSize(1);
    }
}
