package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.spring.EnableBanksSandbox;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

/** A @Nested class uses its enclosing class's context and sandbox, which here is the cached one again. */
@SpringBootTest
@EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key")
@Order(6)
class NestedTest {
    @Autowired ApplicationContext context;
    @Autowired Sandbox sandbox;
    @Autowired PayoutService payouts;

    @Test
    void outerSharesTheCachedContext() {
        assertThat(sandbox).isSameAs(Sightings.BY_CLASS.get(SharedContextFirstTest.class).sandbox());
        payouts.issueCard("4715");
    }

    @Nested
    class WhenAnotherOrderIsPaid {
        @Autowired Sandbox nestedSandbox;
        @Autowired ApplicationContext nestedContext;

        @Test
        void usesTheEnclosingClassesSandboxFromTheFixtureState() {
            assertThat(nestedContext).isSameAs(context);
            assertThat(nestedSandbox).isSameAs(sandbox);
            assertThat(sandbox.journal().requests()).isEmpty();    // the outer test's card is gone
            payouts.issueCard("4716");
            assertThat(sandbox.journal().requests("POST", "/v0/cards")).hasSize(1);
        }
    }
}
