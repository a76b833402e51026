package com.example.payments;

import static io.bankssandbox.junit5.SandboxAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.ReceivedWebhook;
import io.bankssandbox.Sandbox;
import io.bankssandbox.Transaction;
import io.bankssandbox.WebhookDelivery;
import io.bankssandbox.junit5.BanksSandbox;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

@BanksSandbox
class PaymentWebhookTest {

    @Test
    void aCreditPostsAndTheReceiverHearsOfItOnce(Sandbox sandbox) throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();   // stands for your application's webhook endpoint
        HttpServer app = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        app.createContext("/webhooks/banking", exchange -> {
            received.add(new String(exchange.getRequestBody().readAllBytes()));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        app.start();
        try {
            sandbox.webhooks().subscribe("http://127.0.0.1:" + app.getAddress().getPort() + "/webhooks/banking");
            String account = sandbox.accounts().named("Riverside Operating").id();
            InboundAchTransfer credit = sandbox.inboundAch().simulate(account, 125_00);
            sandbox.inboundAch().accept(credit.id());                // the transaction posts now

            WebhookDelivery delivery = sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(10));
            assertEquals(12_500, delivery.transaction().amount());
            assertEquals(Transaction.INBOUND_ACH_TRANSFER, delivery.transaction().category());
            assertEquals(1, received.size());
            assertThat(sandbox.webhooks())
                    .hasDeliveredExactly(1, "transaction.created")
                    .hasDeliveredWith("transaction.created", "/transaction/source/category", "inbound_ach_transfer")
                    .hasNoUndeliveredEvents();
        } finally {
            app.stop(0);
        }
    }

    @Test
    void withoutAServerTheSandboxsInboxReceives(Sandbox sandbox) {
        sandbox.webhooks().subscribe("inbox");
        String account = sandbox.accounts().named("Riverside Operating").id();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, 42_00).id());

        sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(10));
        List<ReceivedWebhook> inbox = sandbox.webhooks().inbox();
        assertEquals(4_200, inbox.get(0).transaction().amount());
    }
}
