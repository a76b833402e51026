package io.bankssandbox.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code @BanksSandbox(webhooks = ...)} registers endpoints from start, as the builder's {@code webhook(url)} does. */
@BanksSandbox(webhooks = "inbox")
class WebhooksAnnotationTest {

    @Test
    void theAnnotationsEndpointIsThereFromStartAndReceivesTransactions(Sandbox sandbox) {
        assertThat(sandbox.webhooks().endpoints()).singleElement().satisfies(endpoint -> {
            assertThat(endpoint.url()).isEqualTo("inbox");
            assertThat(endpoint.origin()).isEqualTo("config");
        });
        String account = sandbox.accounts().all().get(0).id();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, 6_601).id());
        sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(30));
        SandboxAssertions.assertThat(sandbox.webhooks()).hasDeliveredWith("transaction.created", "/transaction/amount", 6_601);
    }
}
