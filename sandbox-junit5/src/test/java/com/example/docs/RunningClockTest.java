package com.example.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bankssandbox.ClockEvent;
import io.bankssandbox.ClockMode;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.Sandbox;
import io.bankssandbox.WebhookDelivery;
import io.bankssandbox.WebhookEndpoint;
import io.bankssandbox.junit5.BanksSandbox;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@BanksSandbox(clock = ClockMode.RUNNING, webhooks = WebhookEndpoint.INBOX)
class RunningClockTest {

    @Test
    void aTransferResolvesWhileTheTestWaits(Sandbox sandbox) {
        String account = sandbox.accounts().named("Riverside Operating").id();
        InboundAchTransfer credit = sandbox.inboundAch().simulate(InboundAchTransfer.Arrival.of(account, 10_00)
                .resolvingAt(sandbox.clock().now().plusSeconds(1)));

        ClockEvent accepted = sandbox.clock().awaitEvent(ClockEvent.INBOUND_ACH_TRANSFER_ACCEPTED, Duration.ofSeconds(30));
        WebhookDelivery told = sandbox.webhooks().await("the credit's transaction.created",
                delivery -> delivery.delivered() && delivery.transaction().amount() == 10_00, Duration.ofSeconds(30));

        assertEquals(credit.id(), accepted.id());
        assertEquals(sandbox.inboundAch().get(credit.id()).transactionId(), told.transaction().id());
    }
}
