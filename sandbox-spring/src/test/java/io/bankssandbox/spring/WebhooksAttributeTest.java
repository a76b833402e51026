package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import java.time.Duration;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * {@code webhooks} on the annotation registers endpoints from start, as the JUnit builder's
 * {@code webhook(url)} does: both events, the default key's view, kept across the per-test reset.
 */
@SpringJUnitConfig(WebhooksAttributeTest.Application.class)
@EnableBanksSandbox(webhooks = "inbox", seed = 401)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WebhooksAttributeTest {

    @Configuration
    static class Application {}

    @Autowired Sandbox sandbox;

    private void credit(long amount) {
        String account = sandbox.accounts().all().get(0).id();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, amount).id());
    }

    @Test
    @Order(1)
    void theAnnotationsEndpointReceivesTransactionsFromTheStart() {
        assertThat(sandbox.webhooks().endpoints()).singleElement().satisfies(endpoint -> {
            assertThat(endpoint.url()).isEqualTo("inbox");
            assertThat(endpoint.apiKey()).isEqualTo(sandbox.apiKey());
            assertThat(endpoint.events()).containsExactlyInAnyOrder("transaction.created", "entity.connected");
            assertThat(endpoint.origin()).isEqualTo("config");
        });
        credit(4_401);
        assertThat(sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(30))
                .transaction().amount()).isEqualTo(4_401);
    }

    @Test
    @Order(2)
    void itSurvivesTheResetBetweenTestsWhileTheDeliveriesDoNot() {
        assertThat(sandbox.webhooks().deliveries()).isEmpty();
        assertThat(sandbox.webhooks().endpoints()).singleElement()
                .satisfies(endpoint -> assertThat(endpoint.url()).isEqualTo("inbox"));
        credit(4_402);
        assertThat(sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(30))
                .transaction().amount()).isEqualTo(4_402);
    }
}
