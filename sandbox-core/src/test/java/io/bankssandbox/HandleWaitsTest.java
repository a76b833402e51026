package io.bankssandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bankssandbox.internal.testing.SandboxTestBase;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The handle's waits: {@code clock().awaitEvent} sees what happens after it starts (another thread's
 * advance), the webhook waits see deliveries the sandbox makes on its own threads, and each failure says
 * what it waited for and what there was instead. Run in process here and over HTTP by
 * {@link HandleWaitsOverHttpTest}.
 */
class HandleWaitsTest extends SandboxTestBase {

    private String operating() {
        return sandbox.accounts().named("Riverside Operating").id();
    }

    @Test
    void awaitEventSeesAnotherThreadsAdvanceAfterItStarted() throws Exception {
        String account = operating();
        AtomicBoolean waited = new AtomicBoolean();
        // the mover keeps making accepted credits until the wait has seen one: no race on when the wait starts
        Thread mover = new Thread(() -> {
            for (int i = 0; i < 400 && !waited.get(); i++) {
                started.inboundAch().simulate(account, 1_00 + i);
                started.clock().advance(Duration.ofHours(1));
                try {
                    Thread.sleep(25);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        mover.start();
        try {
            ClockEvent accepted = sandbox.clock().awaitEvent(ClockEvent.INBOUND_ACH_TRANSFER_ACCEPTED, Duration.ofSeconds(30));
            assertThat(sandbox.inboundAch().get(accepted.id()).status()).isEqualTo(InboundAchTransfer.ACCEPTED);
        } finally {
            waited.set(true);
            mover.join();
        }
    }

    @Test
    void awaitEventFailsWithWhatHappenedInstead() {
        // a frozen clock and nobody moving it: nothing can happen while it waits
        assertThatThrownBy(() -> sandbox.clock().awaitEvent(ClockEvent.CHECK_DEPOSIT_HOLD_RELEASED, Duration.ofMillis(100)))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("no check_deposit.hold_released happened within PT0.1S (clock at "
                        + sandbox.clock().now() + "); what happened instead: nothing");
    }

    @Test
    void theWebhookWaitsSeeTheSandboxsDeliveries() {
        WebhookEndpoint inbox = sandbox.webhooks().subscribe("inbox");
        String account = operating();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, 12_34).id());
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, 56_78).id());

        WebhookDelivery first = sandbox.webhooks().awaitDelivered(WebhookDelivery.TRANSACTION_CREATED, Duration.ofSeconds(30));
        assertThat(first.endpointId()).isEqualTo(inbox.id());
        List<WebhookDelivery> both = sandbox.webhooks().awaitDelivered(2, WebhookDelivery.TRANSACTION_CREATED,
                Duration.ofSeconds(30));
        assertThat(both).extracting(d -> d.transaction().amount()).containsExactly(12_34L, 56_78L);
        assertThat(sandbox.webhooks().awaitDelivered(WebhookDelivery.TRANSACTION_CREATED,
                d -> d.transaction().amount() == 56_78, Duration.ofSeconds(30)).id()).isEqualTo(both.get(1).id());
        assertThat(sandbox.webhooks().awaitAttempts(WebhookDelivery.TRANSACTION_CREATED, 1, Duration.ofSeconds(30))
                .attempts()).isNotEmpty();
        assertThat(sandbox.webhooks().inbox()).extracting(ReceivedWebhook::deliveryId)
                .containsExactly(both.get(1).id(), both.get(0).id());
        assertThat(sandbox.webhooks().deliveries()).isEqualTo(started.webhooks().deliveries());
    }

    @Test
    void aWebhookWaitThatTimesOutListsEveryDelivery() {
        sandbox.webhooks().subscribe("inbox");
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(operating(), 9_99).id());
        WebhookDelivery delivered = sandbox.webhooks().awaitDelivered(WebhookDelivery.TRANSACTION_CREATED,
                Duration.ofSeconds(30));

        assertThatThrownBy(() -> sandbox.webhooks().await("an entity.connected", d -> d.event().equals("entity.connected"),
                Duration.ofMillis(100)))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("waited PT0.1S for an entity.connected; deliveries (newest first): ")
                .hasMessageContaining(delivered.id() + " transaction.created to " + delivered.endpointId() + " delivered");
    }
}
