package com.example.docs;

import static io.bankssandbox.junit5.SandboxAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.bankssandbox.InboundAchTransfer;
import io.bankssandbox.ReceivedWebhook;
import io.bankssandbox.Sandbox;
import io.bankssandbox.WebhookDelivery;
import io.bankssandbox.WebhookEndpoint;
import io.bankssandbox.junit5.BanksSandbox;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

@BanksSandbox
class WebhookReceiverTest {

    @Test
    void aCreditPostsAndTheReceiverHearsOfItOnce(Sandbox sandbox) throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();   // stands for your application's webhook endpoint
        HttpServer app = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        app.createContext("/webhooks/banking", exchange -> {
            received.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        app.start();
        try {
            sandbox.webhooks().subscribe("http://127.0.0.1:" + app.getAddress().getPort() + "/webhooks/banking");
            String account = sandbox.accounts().named("Riverside Operating").id();
            InboundAchTransfer credit = sandbox.inboundAch().simulate(account, 125_00);
            sandbox.inboundAch().accept(credit.id());                // the transaction posts now

            WebhookDelivery delivery = sandbox.webhooks().awaitDelivered(WebhookDelivery.TRANSACTION_CREATED,
                    Duration.ofSeconds(30));
            assertEquals(125_00, delivery.transaction().amount());
            assertEquals(List.of(delivery.body()), received);
            assertThat(sandbox.webhooks())
                    .hasDeliveredExactly(1, "transaction.created")
                    .hasDeliveredWith("transaction.created", "/transaction/source/category", "inbound_ach_transfer")
                    .hasNoDeliveryOf("entity.connected")
                    .hasNoUndeliveredEvents();
        } finally {
            app.stop(0);
        }
    }

    @Test
    void withoutAServerTheSandboxsInboxReceives(Sandbox sandbox) {
        sandbox.webhooks().subscribe(WebhookEndpoint.INBOX);
        String account = sandbox.accounts().named("Riverside Operating").id();
        sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, 42_00).id());

        sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(30));
        List<ReceivedWebhook> inbox = sandbox.webhooks().inbox();
        assertEquals(42_00, inbox.get(0).transaction().amount());
    }

    @Test
    void aFailedDeliveryIsRetriedOnTheSandboxClock(Sandbox sandbox) throws Exception {
        AtomicInteger status = new AtomicInteger(500);                 // the receiver is down at first
        List<String> signatures = new CopyOnWriteArrayList<>();
        HttpServer app = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        app.createContext("/hooks", exchange -> {
            signatures.add(exchange.getRequestHeaders().getFirst("webhook-signature"));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(status.get(), -1);
            exchange.close();
        });
        app.start();
        try {
            sandbox.webhooks().subscribe(WebhookEndpoint.Registration.of("http://127.0.0.1:" + app.getAddress().getPort() + "/hooks")
                    .forEvents(WebhookDelivery.TRANSACTION_CREATED)
                    .signedWith("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"));
            String account = sandbox.accounts().named("Riverside Operating").id();
            sandbox.inboundAch().accept(sandbox.inboundAch().simulate(account, 60_00).id());

            WebhookDelivery failed = sandbox.webhooks().awaitAttempts("transaction.created", 1, Duration.ofSeconds(30));
            assertEquals(500, failed.attempts().get(0).statusCode());
            status.set(204);                                           // the receiver is back
            sandbox.clock().advance(Duration.ofMinutes(1));            // the first retry falls due

            WebhookDelivery delivered = sandbox.webhooks().awaitDelivered("transaction.created", Duration.ofSeconds(30));
            assertEquals(2, delivered.attempts().size());
            assertEquals(failed.eventId(), delivered.eventId());        // the same webhook-id on every attempt
            assertTrue(signatures.stream().allMatch(signature -> signature.startsWith("v1,")));
        } finally {
            app.stop(0);
        }
    }
}
