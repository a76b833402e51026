package com.example.payouts;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.RecordedRequest;
import io.bankssandbox.Sandbox;
import io.bankssandbox.spring.EnableBanksSandbox;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Concurrent methods, as JUnit's mode.default=concurrent makes them, in two classes (ParallelFirstTest
 * and ParallelSecondTest) that share one context and so one sandbox: its lock runs them one at a time.
 * Each test issues a card for an order of its own through the application and finds exactly its own
 * request in the sandbox's journal; a reset by another test in between would leave the journal empty,
 * or show that test's request too.
 */
@SpringBootTest
@EnableBanksSandbox(baseUrlProperty = "bank.base-url", apiKeyProperty = "bank.api-key", seed = 77)
@Execution(ExecutionMode.CONCURRENT)
abstract class ParallelOrders {
    /** Tests of the shared context running at this moment: never more than one. */
    static final AtomicInteger RUNNING = new AtomicInteger();
    private static final AtomicLong ORDERS = new AtomicLong(9000);

    @Autowired Sandbox sandbox;
    @Autowired PayoutService payouts;

    @RepeatedTest(4)
    void issuesACard() {
        issueOneCard();
    }

    @RepeatedTest(4)
    void issuesAnotherCard() {
        issueOneCard();
    }

    private void issueOneCard() {
        assertThat(RUNNING.incrementAndGet()).as("tests of one context running at once").isEqualTo(1);
        try {
            String order = String.valueOf(ORDERS.incrementAndGet());
            String card = payouts.issueCard(order);

            assertThat(sandbox.journal().requests("POST", "/v0/cards")).extracting(RecordedRequest::idempotencyKey)
                    .containsExactly("order-" + order);
            assertThat(sandbox.cards().get(card).nickname()).isEqualTo("Payout " + order);
        } finally {
            RUNNING.decrementAndGet();
        }
    }
}
